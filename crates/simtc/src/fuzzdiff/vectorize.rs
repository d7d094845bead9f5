//! The fuzz generator's last draw: adjacent, provably aligned accesses for `load-store-vectorize`.

use super::gen::Rng;

/// Adjacent, provably aligned accesses for `load-store-vectorize` (issue 26), drawn after everything else so the
/// rest of a seed's program is the same either way: the local array 16-byte aligned (its eight initial stores
/// are two `.v4`); `%out` `align 16` (the output stores `out[6 * gid + j]` are 8-byte aligned pairs); the first
/// load of `in` replaced by a pair `in[2k]`, `in[2k + 1]` (the first load says `align 8`) or a quad
/// `in[4k + 0..3]` (`%in` says `align 16`, the loads `align 4`), or eight `i16` / sixteen `i8` loads of the
/// 16 bytes at `in + 16k`, `k = gid & 127` or `gid & 63`, in bounds.
/// Buffers are 256-byte aligned (the emulator's launch and CUDA's allocations), so every promise holds.
pub(crate) fn vectorizable(rng: &mut Rng, text: String, first_load: Option<&str>) -> String {
    let mut text = text;
    if rng.chance(50) {
        text = text.replacen("%arr = alloca [8 x i32], align 4", "%arr = alloca [8 x i32], align 16", 1);
    }
    if rng.chance(50) {
        text = text.replacen(" %out, i32 %n)", " align 16 %out, i32 %n)", 1);
    }
    let Some(line) = first_load else {
        return text;
    };
    let v = line.trim_start().split(' ').next().unwrap_or_default().to_string();
    let mut r = String::new();
    match rng.below(5) {
        1 => {
            r.push_str("  %lsv.i = and i32 %gid, 127 ; T:i32\n  %lsv.k = shl nuw nsw i32 %lsv.i, 1 ; T:i32\n");
            r.push_str("  %lsv.w = zext i32 %lsv.k to i64 ; T:i64\n");
            r.push_str("  %lsv.p = getelementptr inbounds i32, ptr %in, i64 %lsv.w ; T:ptr\n");
            r.push_str("  %lsv.a = load i32, ptr %lsv.p, align 8 ; T:i32\n");
            r.push_str("  %lsv.q = getelementptr inbounds i32, ptr %lsv.p, i64 1 ; T:ptr\n");
            r.push_str("  %lsv.b = load i32, ptr %lsv.q, align 4 ; T:i32\n");
            r.push_str(&format!("  {v} = xor i32 %lsv.a, %lsv.b ; T:i32\n"));
        }
        2 => {
            text = text.replacen(" %in, ptr ", " align 16 %in, ptr ", 1);
            r.push_str("  %lsv.i = and i32 %gid, 63 ; T:i32\n  %lsv.k = shl nuw nsw i32 %lsv.i, 2 ; T:i32\n");
            for j in 0..4 {
                let idx = match j {
                    0 => "%lsv.k".to_string(),
                    1 => {
                        r.push_str("  %lsv.k1 = or disjoint i32 %lsv.k, 1 ; T:i32\n");
                        "%lsv.k1".to_string()
                    }
                    _ => {
                        r.push_str(&format!("  %lsv.k{j} = add nuw nsw i32 %lsv.k, {j} ; T:i32\n"));
                        format!("%lsv.k{j}")
                    }
                };
                r.push_str(&format!("  %lsv.w{j} = zext i32 {idx} to i64 ; T:i64\n"));
                r.push_str(&format!("  %lsv.p{j} = getelementptr inbounds i32, ptr %in, i64 %lsv.w{j} ; T:ptr\n"));
                r.push_str(&format!("  %lsv.a{j} = load i32, ptr %lsv.p{j}, align 4 ; T:i32\n"));
            }
            r.push_str("  %lsv.x = xor i32 %lsv.a0, %lsv.a1 ; T:i32\n  %lsv.y = sub i32 %lsv.a2, %lsv.a3 ; T:i32\n");
            r.push_str(&format!("  {v} = add i32 %lsv.x, %lsv.y ; T:i32\n"));
        }
        n @ (3 | 4) => {
            // Narrow lanes filling 16 bytes: eight i16 or sixteen i8 loads at `in + 16k` (`%in` says `align 16`),
            // which load-store-vectorize joins into one `<8 x i16>` / `<16 x i8>` read as `ld.v4.b32` words.
            text = text.replacen(" %in, ptr ", " align 16 %in, ptr ", 1);
            let (lanes, ty, w) = if n == 3 { (8, "i16", 2) } else { (16, "i8", 1) };
            r.push_str(
                "  %lsv.i = and i32 %gid, 63 ; T:i32
  %lsv.k = shl nuw nsw i32 %lsv.i, 4 ; T:i32
",
            );
            r.push_str(
                "  %lsv.w = zext i32 %lsv.k to i64 ; T:i64
",
            );
            r.push_str(
                "  %lsv.p = getelementptr inbounds i8, ptr %in, i64 %lsv.w ; T:ptr
",
            );
            let mut acc = String::new();
            for j in 0..lanes {
                let align = if j == 0 { 16 } else { w };
                r.push_str(&format!(
                    "  %lsv.q{j} = getelementptr inbounds i8, ptr %lsv.p, i64 {} ; T:ptr
",
                    j * w
                ));
                r.push_str(&format!(
                    "  %lsv.a{j} = load {ty}, ptr %lsv.q{j}, align {align} ; T:{ty}
"
                ));
                let ext = if j % 2 == 0 { "sext" } else { "zext" };
                r.push_str(&format!(
                    "  %lsv.e{j} = {ext} {ty} %lsv.a{j} to i32 ; T:i32
"
                ));
                if j == 0 {
                    acc = "%lsv.e0".into();
                } else {
                    let op = ["add", "xor", "sub"][j % 3];
                    r.push_str(&format!(
                        "  %lsv.s{j} = {op} i32 {acc}, %lsv.e{j} ; T:i32
"
                    ));
                    acc = format!("%lsv.s{j}");
                }
            }
            r.push_str(&format!(
                "  {v} = add i32 {acc}, 0 ; T:i32
"
            ));
        }
        _ => return text,
    }
    text.replacen(line, &r, 1)
}
