//! Device-side `printf`: the `vprintf(format, args)` calls that CUDA compilers emit for `printf`.
//!
//! `format` is the generic address of a NUL-terminated string; `args` the generic address of a buffer holding the
//! arguments at their natural alignment (CUDA promotes `float` to `double`; `%s` and `%p` take 8-byte pointers,
//! `%ld`/`%lld` 8-byte integers, other integer conversions 4 bytes). Supported conversions: `d i u x X o c s f F
//! e E g G p %` with flags `- + space # 0`, width, precision and length modifiers `hh h l ll z j t L`. The engine
//! appends each call's text to the CTA's output in lane order; the launcher concatenates CTAs in order.

/// Reads memory for the formatter: `read(addr, size)` returns the little-endian value or `None` on a fault.
pub trait Reader {
    /// Reads `size` (1, 2, 4, 8) bytes at a generic address.
    fn read(&self, addr: u64, size: u32) -> Option<u64>;
}

/// Reads a NUL-terminated string (at most 4096 bytes).
fn read_cstr(r: &dyn Reader, addr: u64) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for k in 0..4096u64 {
        let b = r.read(addr + k, 1).ok_or_else(|| format!("printf: unreadable string at {:#x}", addr + k))? as u8;
        if b == 0 {
            return Ok(out);
        }
        out.push(b);
    }
    Err(format!("printf: string at {addr:#x} is not terminated within 4096 bytes"))
}

struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

fn pad(s: String, sp: &Spec, numeric: bool) -> String {
    let w = sp.width.unwrap_or(0);
    if s.len() >= w {
        return s;
    }
    let fill = w - s.len();
    if sp.minus {
        s + &" ".repeat(fill)
    } else if sp.zero && numeric {
        let (sign, digits) = if s.starts_with(['-', '+', ' ']) { s.split_at(1) } else { ("", s.as_str()) };
        let (pre, rest) =
            if digits.starts_with("0x") || digits.starts_with("0X") { digits.split_at(2) } else { ("", digits) };
        format!("{sign}{pre}{}{rest}", "0".repeat(fill))
    } else {
        " ".repeat(fill) + &s
    }
}

fn sign(neg: bool, sp: &Spec) -> &'static str {
    if neg {
        "-"
    } else if sp.plus {
        "+"
    } else if sp.space {
        " "
    } else {
        ""
    }
}

/// `%e` digits: `d.ddde+XX`.
fn exp_form(x: f64, prec: usize, upper: bool) -> String {
    let s = format!("{:.*e}", prec, x);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = exp.parse().unwrap_or(0);
    let out = format!("{mant}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
    if upper {
        out.to_uppercase()
    } else {
        out
    }
}

fn trim_zeros(s: String) -> String {
    if !s.contains('.') {
        return s;
    }
    let (m, e) = match s.find(['e', 'E']) {
        Some(i) => (s[..i].to_string(), s[i..].to_string()),
        None => (s, String::new()),
    };
    let m = m.trim_end_matches('0').trim_end_matches('.').to_string();
    m + &e
}

fn float(x: f64, conv: u8, sp: &Spec) -> String {
    let upper = conv.is_ascii_uppercase();
    if !x.is_finite() {
        let s = if x.is_nan() { "nan" } else { "inf" };
        let s = format!(
            "{}{}",
            sign(x.is_sign_negative() && !x.is_nan(), sp),
            if upper { s.to_uppercase() } else { s.into() }
        );
        return pad(s, sp, false);
    }
    let prec = sp.prec.unwrap_or(6);
    let a = x.abs();
    let body = match conv.to_ascii_lowercase() {
        b'f' => format!("{a:.prec$}"),
        b'e' => exp_form(a, prec, upper),
        _ => {
            let p = prec.max(1);
            let e = if a == 0.0 {
                0
            } else {
                exp_form(a, p - 1, false).split_once('e').map_or(0, |(_, e)| e.parse::<i32>().unwrap_or(0))
            };
            let s = if e < -4 || e >= p as i32 {
                exp_form(a, p - 1, upper)
            } else {
                format!("{a:.*}", (p as i32 - 1 - e).max(0) as usize)
            };
            if sp.alt {
                s
            } else {
                trim_zeros(s)
            }
        }
    };
    pad(format!("{}{body}", sign(x.is_sign_negative(), sp)), sp, true)
}

/// Formats one `vprintf` call. Returns the text and the number of arguments consumed.
pub fn format(r: &dyn Reader, fmt_addr: u64, args_addr: u64) -> Result<(String, u32), String> {
    let f = read_cstr(r, fmt_addr)?;
    let mut out = String::new();
    let mut off = 0u64;
    let mut nargs = 0u32;
    let mut arg = |size: u32| -> Result<u64, String> {
        off = off.div_ceil(size as u64) * size as u64;
        let v = r
            .read(args_addr + off, size)
            .ok_or_else(|| format!("printf: unreadable argument at {:#x}", args_addr + off))?;
        off += size as u64;
        nargs += 1;
        Ok(v)
    };
    let mut i = 0;
    while i < f.len() {
        let c = f[i];
        i += 1;
        if c != b'%' {
            out.push(c as char);
            continue;
        }
        let mut sp = Spec { minus: false, plus: false, space: false, alt: false, zero: false, width: None, prec: None };
        while i < f.len() {
            match f[i] {
                b'-' => sp.minus = true,
                b'+' => sp.plus = true,
                b' ' => sp.space = true,
                b'#' => sp.alt = true,
                b'0' => sp.zero = true,
                _ => break,
            }
            i += 1;
        }
        let num = |i: &mut usize| -> Option<usize> {
            let s = *i;
            while *i < f.len() && f[*i].is_ascii_digit() {
                *i += 1;
            }
            std::str::from_utf8(&f[s..*i]).ok()?.parse().ok()
        };
        sp.width = num(&mut i);
        if i < f.len() && f[i] == b'.' {
            i += 1;
            sp.prec = Some(num(&mut i).unwrap_or(0));
        }
        let mut long = false;
        while i < f.len() && matches!(f[i], b'h' | b'l' | b'z' | b'j' | b't' | b'L') {
            long |= matches!(f[i], b'l' | b'z' | b'j' | b't' | b'L');
            i += 1;
        }
        let Some(&conv) = f.get(i) else { break };
        i += 1;
        let size = if long { 8 } else { 4 };
        let piece = match conv {
            b'%' => "%".to_string(),
            b'd' | b'i' => {
                let v = arg(size)?;
                let v = if size == 8 { v as i64 } else { v as u32 as i32 as i64 };
                let mut digits = v.unsigned_abs().to_string();
                if let Some(p) = sp.prec {
                    digits = format!("{digits:0>p$}");
                }
                pad(format!("{}{digits}", sign(v < 0, &sp)), &sp, sp.prec.is_none())
            }
            b'u' | b'x' | b'X' | b'o' => {
                let v = arg(size)?;
                let v = if size == 8 { v } else { v as u32 as u64 };
                let mut digits = match conv {
                    b'u' => v.to_string(),
                    b'x' => format!("{v:x}"),
                    b'X' => format!("{v:X}"),
                    _ => format!("{v:o}"),
                };
                if let Some(p) = sp.prec {
                    digits = format!("{digits:0>p$}");
                }
                let pre = match (sp.alt && v != 0, conv) {
                    (true, b'x') => "0x",
                    (true, b'X') => "0X",
                    (true, b'o') => "0",
                    _ => "",
                };
                pad(format!("{pre}{digits}"), &sp, sp.prec.is_none())
            }
            b'c' => pad(((arg(4)? as u8) as char).to_string(), &sp, false),
            b's' => {
                let p = arg(8)?;
                let mut s = String::from_utf8_lossy(&read_cstr(r, p)?).into_owned();
                if let Some(pr) = sp.prec {
                    s = s.chars().take(pr).collect();
                }
                pad(s, &sp, false)
            }
            b'p' => pad(format!("0x{:x}", arg(8)?), &sp, false),
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' => float(f64::from_bits(arg(8)?), conv, &sp),
            other => return Err(format!("printf: unsupported conversion '%{}'", other as char)),
        };
        out.push_str(&piece);
    }
    Ok((out, nargs))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Mem(Vec<u8>);
    impl Reader for Mem {
        fn read(&self, addr: u64, size: u32) -> Option<u64> {
            let a = addr as usize;
            let b = self.0.get(a..a + size as usize)?;
            let mut v = [0u8; 8];
            v[..b.len()].copy_from_slice(b);
            Some(u64::from_le_bytes(v))
        }
    }

    #[test]
    fn formats_like_c() {
        let fmt = b"t=%d v=%5.2f x=%#x s=%s ll=%lld c=%c %% g=%g e=%e|%-4d|%04d\0";
        let mut m = vec![0u8; 256];
        m[..fmt.len()].copy_from_slice(fmt);
        m[100..103].copy_from_slice(b"hi\0");
        let mut args = Vec::new();
        args.extend(7i32.to_le_bytes());
        args.extend([0; 4]);
        args.extend(3.25f64.to_le_bytes());
        args.extend(255u32.to_le_bytes());
        args.extend([0; 4]);
        args.extend(100u64.to_le_bytes());
        args.extend((1i64 << 40).to_le_bytes());
        args.extend((b'A' as u32).to_le_bytes());
        args.extend([0; 4]);
        args.extend(0.0001f64.to_le_bytes());
        args.extend(12345.678f64.to_le_bytes());
        args.extend((-5i32).to_le_bytes());
        args.extend(42i32.to_le_bytes());
        m[128..128 + args.len()].copy_from_slice(&args);
        let (s, n) = format(&Mem(m), 0, 128).unwrap();
        assert_eq!(s, "t=7 v= 3.25 x=0xff s=hi ll=1099511627776 c=A % g=0.0001 e=1.234568e+04|-5  |0042");
        assert_eq!(n, 10);
    }
}
