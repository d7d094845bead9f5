//! Launch specs: the TOML files that say how to run a kernel (ARCHITECTURE §8).
//!
//! ```toml
//! kernel = "bitonic_dyn"
//! grid = [64, 1, 1]          # or a single number
//! block = [256, 1, 1]
//! dynamic_shared_bytes = 1024
//! [[args]]                   # one per kernel parameter, in order
//! buffer = "values"          # a global buffer; the parameter receives its address
//! type = "i32"               # i8 u8 i16 u16 i32 u32 i64 u64 f32 f64
//! len = 16384
//! init = { random = { seed = 7, min = 0, max = 100000 } }
//! output = true              # written as OUT/values.bin
//! [[args]]
//! scalar = "u32"
//! value = 256
//! [[args]]
//! bytes = "0000803f05000000" # a by-value aggregate, hex
//! ```
//!
//! `init` is `"zero"` (the default), `"none"` (contents undefined: the emulator starts them zeroed, and
//! `--sanitize init` reports reads of bytes the kernel has not written), `{ random = { seed, min, max } }`,
//! `{ iota = { start, step } }`,
//! `{ fill = V }` or `{ file = "x.bin" }` (raw little-endian, relative to the spec's directory; `len` may then be
//! left out). Random values come from SplitMix64 seeded with `seed`: integers are `min + r % (max - min + 1)`
//! (defaults 0 and 100), floats `min + (r >> 11) · 2⁻⁵³ · (max - min)` (defaults 0 and 1), one `r` per element.
//!
//! Two extensions for by-value structs that hold pointers: a `bytes` argument may carry
//! `pointers = [{ offset = 8, buffer = "in" }]` (the buffer's address is written at that byte offset), and
//! `[[buffers]]` declares buffers that are not themselves kernel arguments (same keys as buffer arguments).
//! Unknown keys are errors.

use crate::error::EmuError;
use crate::launch::{Arg, Buffer, Launch};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Element types of buffers and scalars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ElemTy {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
}

impl ElemTy {
    /// Parses `"i32"` ...
    pub fn parse(s: &str) -> Option<ElemTy> {
        Some(match s {
            "i8" => ElemTy::I8,
            "u8" => ElemTy::U8,
            "i16" => ElemTy::I16,
            "u16" => ElemTy::U16,
            "i32" => ElemTy::I32,
            "u32" => ElemTy::U32,
            "i64" => ElemTy::I64,
            "u64" => ElemTy::U64,
            "f32" => ElemTy::F32,
            "f64" => ElemTy::F64,
            _ => return None,
        })
    }

    /// The spelling in launch specs (`"i32"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ElemTy::I8 => "i8",
            ElemTy::U8 => "u8",
            ElemTy::I16 => "i16",
            ElemTy::U16 => "u16",
            ElemTy::I32 => "i32",
            ElemTy::U32 => "u32",
            ElemTy::I64 => "i64",
            ElemTy::U64 => "u64",
            ElemTy::F32 => "f32",
            ElemTy::F64 => "f64",
        }
    }

    /// Size in bytes.
    pub fn size(self) -> usize {
        match self {
            ElemTy::I8 | ElemTy::U8 => 1,
            ElemTy::I16 | ElemTy::U16 => 2,
            ElemTy::I32 | ElemTy::U32 | ElemTy::F32 => 4,
            _ => 8,
        }
    }

    /// Floating-point type.
    pub fn is_float(self) -> bool {
        matches!(self, ElemTy::F32 | ElemTy::F64)
    }

    /// Encodes an integer value (two's complement, truncated).
    pub fn encode_int(self, v: i128) -> Vec<u8> {
        match self {
            ElemTy::F32 => (v as f32).to_le_bytes().to_vec(),
            ElemTy::F64 => (v as f64).to_le_bytes().to_vec(),
            _ => (v as u64).to_le_bytes()[..self.size()].to_vec(),
        }
    }

    /// Encodes a float value (integers: truncated toward zero, saturating).
    pub fn encode_float(self, v: f64) -> Vec<u8> {
        match self {
            ElemTy::F32 => (v as f32).to_le_bytes().to_vec(),
            ElemTy::F64 => v.to_le_bytes().to_vec(),
            ElemTy::I8 | ElemTy::I16 | ElemTy::I32 | ElemTy::I64 => self.encode_int(v as i64 as i128),
            _ => self.encode_int(v as u64 as i128),
        }
    }

    fn range(self) -> (i128, i128) {
        match self {
            ElemTy::I8 => (i8::MIN as i128, i8::MAX as i128),
            ElemTy::U8 => (0, u8::MAX as i128),
            ElemTy::I16 => (i16::MIN as i128, i16::MAX as i128),
            ElemTy::U16 => (0, u16::MAX as i128),
            ElemTy::I32 => (i32::MIN as i128, i32::MAX as i128),
            ElemTy::U32 => (0, u32::MAX as i128),
            ElemTy::I64 => (i64::MIN as i128, i64::MAX as i128),
            _ => (0, u64::MAX as i128),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Dims {
    One(u32),
    Many(Vec<u32>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    kernel: String,
    grid: Dims,
    block: Dims,
    #[serde(default)]
    dynamic_shared_bytes: u32,
    #[serde(default)]
    args: Vec<RawArg>,
    #[serde(default)]
    buffers: Vec<RawArg>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPointer {
    offset: u64,
    buffer: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArg {
    buffer: Option<String>,
    #[serde(rename = "type")]
    ty: Option<String>,
    len: Option<u64>,
    init: Option<toml::Value>,
    output: Option<bool>,
    scalar: Option<String>,
    value: Option<toml::Value>,
    bytes: Option<String>,
    #[serde(default)]
    pointers: Vec<RawPointer>,
}

/// How a buffer is initialized.
#[derive(Debug, Clone, PartialEq)]
pub enum Init {
    /// All zero bytes.
    Zero,
    /// Undefined contents (`"none"`): zero bytes in the emulator, which the sanitizer's `init` check treats as
    /// never written.
    None,
    /// Uniform random values.
    Random {
        /// Seed.
        seed: u64,
        /// Minimum.
        min: f64,
        /// Maximum.
        max: f64,
    },
    /// `start + i * step`.
    Iota {
        /// First value.
        start: f64,
        /// Increment.
        step: f64,
    },
    /// Every element the same.
    Fill(f64),
    /// Raw bytes from a file.
    File(PathBuf),
}

/// A buffer argument.
#[derive(Debug, Clone, PartialEq)]
pub struct BufferSpec {
    /// Name (also the output file's stem).
    pub name: String,
    /// Element type.
    pub ty: ElemTy,
    /// Elements (None: from the file).
    pub len: Option<u64>,
    /// Initialization.
    pub init: Init,
    /// Written out after the run.
    pub output: bool,
}

/// A launch argument as specified.
#[derive(Debug, Clone, PartialEq)]
pub enum ArgSpec {
    /// A global buffer.
    Buffer(BufferSpec),
    /// A scalar (type and little-endian bytes).
    Scalar(ElemTy, Vec<u8>),
    /// Raw bytes (by-value aggregate), with buffer addresses patched in at (offset, buffer name).
    Bytes(Vec<u8>, Vec<(u64, String)>),
}

/// A parsed launch spec.
#[derive(Debug, Clone, PartialEq)]
pub struct LaunchSpec {
    /// Kernel name.
    pub kernel: String,
    /// Grid dimensions.
    pub grid: [u32; 3],
    /// Block dimensions.
    pub block: [u32; 3],
    /// Dynamic shared memory bytes.
    pub dynamic_shared_bytes: u32,
    /// Arguments in parameter order.
    pub args: Vec<ArgSpec>,
    /// Buffers that are not arguments themselves (their addresses go into `bytes` arguments via `pointers`).
    pub extra_buffers: Vec<BufferSpec>,
    /// Directory relative file paths are resolved against.
    pub base_dir: PathBuf,
}

fn dims(d: Dims, what: &str) -> Result<[u32; 3], String> {
    match d {
        Dims::One(x) => Ok([x, 1, 1]),
        Dims::Many(v) if (1..=3).contains(&v.len()) => Ok([v[0], *v.get(1).unwrap_or(&1), *v.get(2).unwrap_or(&1)]),
        Dims::Many(v) => Err(format!("'{what}' must have 1 to 3 dimensions, found {}", v.len())),
    }
}

fn num(v: &toml::Value) -> Option<f64> {
    match v {
        toml::Value::Integer(i) => Some(*i as f64),
        toml::Value::Float(f) => Some(*f),
        _ => None,
    }
}

fn parse_init(v: &toml::Value, k: usize) -> Result<Init, String> {
    let bad = || {
        format!("argument {k}: 'init' must be \"zero\", \"none\", {{ random = {{ seed, min, max }} }}, {{ iota = {{ start, step }} }}, {{ fill = V }} or {{ file = \"x.bin\" }}")
    };
    match v {
        toml::Value::String(s) if s == "zero" => Ok(Init::Zero),
        toml::Value::String(s) if s == "none" => Ok(Init::None),
        toml::Value::Table(t) if t.len() == 1 => {
            let (key, val) = t.iter().next().expect("one entry");
            let field = |name: &str, default: f64| -> Result<f64, String> {
                match val.get(name) {
                    None => Ok(default),
                    Some(x) => num(x).ok_or_else(|| format!("argument {k}: '{key}.{name}' must be a number")),
                }
            };
            let check_keys = |allowed: &[&str]| -> Result<(), String> {
                match val.as_table() {
                    Some(t) => match t.keys().find(|x| !allowed.contains(&x.as_str())) {
                        Some(x) => {
                            Err(format!("argument {k}: unknown key '{x}' in '{key}' (allowed: {})", allowed.join(", ")))
                        }
                        None => Ok(()),
                    },
                    None => Err(bad()),
                }
            };
            match key.as_str() {
                "random" => {
                    check_keys(&["seed", "min", "max"])?;
                    let seed = match val.get("seed") {
                        Some(toml::Value::Integer(s)) => *s as u64,
                        None => 0,
                        _ => return Err(format!("argument {k}: 'random.seed' must be an integer")),
                    };
                    Ok(Init::Random { seed, min: field("min", f64::NAN)?, max: field("max", f64::NAN)? })
                }
                "iota" => {
                    check_keys(&["start", "step"])?;
                    Ok(Init::Iota { start: field("start", 0.0)?, step: field("step", 1.0)? })
                }
                "fill" => Ok(Init::Fill(num(val).ok_or_else(|| format!("argument {k}: 'fill' must be a number"))?)),
                "file" => match val {
                    toml::Value::String(s) => Ok(Init::File(PathBuf::from(s))),
                    _ => Err(format!("argument {k}: 'file' must be a path string")),
                },
                _ => Err(bad()),
            }
        }
        _ => Err(bad()),
    }
}

fn parse_hex(s: &str, k: usize) -> Result<Vec<u8>, String> {
    let clean: String = s.chars().filter(|c| !c.is_whitespace() && *c != '_').collect();
    let clean = clean.strip_prefix("0x").unwrap_or(&clean);
    if !clean.len().is_multiple_of(2) {
        return Err(format!("argument {k}: 'bytes' must have an even number of hex digits"));
    }
    (0..clean.len())
        .step_by(2)
        .map(|i| {
            u8::from_str_radix(&clean[i..i + 2], 16).map_err(|_| format!("argument {k}: 'bytes' is not hex: '{s}'"))
        })
        .collect()
}

impl LaunchSpec {
    /// Parses spec text; `base_dir` resolves `file` paths.
    pub fn parse(text: &str, base_dir: &Path) -> Result<LaunchSpec, String> {
        let raw: RawSpec = toml::from_str(text).map_err(|e| e.to_string().trim_end().to_string())?;
        let grid = dims(raw.grid, "grid")?;
        let block = dims(raw.block, "block")?;
        let mut args = Vec::new();
        for (i, a) in raw.args.into_iter().enumerate() {
            let k = i + 1;
            let kinds = [a.buffer.is_some(), a.scalar.is_some(), a.bytes.is_some()].iter().filter(|x| **x).count();
            if kinds != 1 {
                return Err(format!("argument {k}: give exactly one of 'buffer', 'scalar' or 'bytes'"));
            }
            if a.buffer.is_some() {
                if !a.pointers.is_empty() {
                    return Err(format!("argument {k}: 'pointers' belongs to 'bytes' arguments"));
                }
                args.push(ArgSpec::Buffer(parse_buffer(a, k)?));
            } else if let Some(t) = a.scalar {
                if a.init.is_some() || a.len.is_some() || a.output.is_some() || a.ty.is_some() || !a.pointers.is_empty()
                {
                    return Err(format!("argument {k}: a scalar takes only 'scalar' (its type) and 'value'"));
                }
                let ty = ElemTy::parse(&t).ok_or_else(|| format!("argument {k}: unknown scalar type '{t}'"))?;
                let bytes = match a.value {
                    Some(toml::Value::Integer(v)) => {
                        let (lo, hi) = ty.range();
                        if !ty.is_float() && !(lo..=hi).contains(&(v as i128)) {
                            return Err(format!("argument {k}: value {v} does not fit in {t}"));
                        }
                        ty.encode_int(v as i128)
                    }
                    Some(toml::Value::Float(f)) if ty.is_float() => ty.encode_float(f),
                    Some(toml::Value::Float(_)) => return Err(format!("argument {k}: {t} needs an integer value")),
                    Some(_) => return Err(format!("argument {k}: 'value' must be a number")),
                    None => return Err(format!("argument {k}: scalar needs a 'value'")),
                };
                args.push(ArgSpec::Scalar(ty, bytes));
            } else if let Some(h) = a.bytes {
                if a.init.is_some() || a.len.is_some() || a.output.is_some() || a.ty.is_some() || a.value.is_some() {
                    return Err(format!("argument {k}: 'bytes' takes no other keys"));
                }
                let bytes = parse_hex(&h, k)?;
                let mut ptrs = Vec::new();
                for p in a.pointers {
                    if p.offset % 8 != 0 || p.offset + 8 > bytes.len() as u64 {
                        return Err(format!(
                            "argument {k}: pointer to '{}' at offset {} must be 8-byte aligned and inside the {} bytes",
                            p.buffer,
                            p.offset,
                            bytes.len()
                        ));
                    }
                    ptrs.push((p.offset, p.buffer));
                }
                args.push(ArgSpec::Bytes(bytes, ptrs));
            }
        }
        let mut extra_buffers = Vec::new();
        for (i, b) in raw.buffers.into_iter().enumerate() {
            if b.buffer.is_none() || b.scalar.is_some() || b.bytes.is_some() || !b.pointers.is_empty() {
                return Err(format!("[[buffers]] entry {}: needs 'buffer' (a name) and buffer keys only", i + 1));
            }
            extra_buffers.push(parse_buffer(b, i + 1).map_err(|e| format!("[[buffers]]: {e}"))?);
        }
        let spec = LaunchSpec {
            kernel: raw.kernel,
            grid,
            block,
            dynamic_shared_bytes: raw.dynamic_shared_bytes,
            args,
            extra_buffers,
            base_dir: base_dir.to_path_buf(),
        };
        let names: Vec<&str> = spec.buffers().map(|b| b.name.as_str()).collect();
        for a in &spec.args {
            if let ArgSpec::Bytes(_, ptrs) = a {
                for (_, n) in ptrs {
                    if !names.contains(&n.as_str()) {
                        return Err(format!(
                            "'pointers' names buffer '{n}', which is neither an argument nor in [[buffers]]"
                        ));
                    }
                }
            }
        }
        Ok(spec)
    }

    /// Reads and parses a spec file.
    pub fn read(path: &Path) -> Result<LaunchSpec, EmuError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| EmuError::Io(format!("simtc: error: could not read '{}': {e}", path.display())))?;
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        LaunchSpec::parse(&text, &dir).map_err(|m| EmuError::Launch(format!("{}: error: {m}", path.display())))
    }

    /// The buffers that are outputs, with their types.
    pub fn outputs(&self) -> Vec<(&str, ElemTy)> {
        self.buffers().filter(|b| b.output).map(|b| (b.name.as_str(), b.ty)).collect()
    }

    /// Names of the buffers whose contents start undefined (`init = "none"`).
    pub fn undefined_buffers(&self) -> Vec<String> {
        self.buffers().filter(|b| b.init == Init::None).map(|b| b.name.clone()).collect()
    }

    /// All buffer specs: arguments in order, then `[[buffers]]`.
    pub fn buffers(&self) -> impl Iterator<Item = &BufferSpec> {
        self.args
            .iter()
            .filter_map(|a| if let ArgSpec::Buffer(b) = a { Some(b) } else { None })
            .chain(&self.extra_buffers)
    }

    /// The bytes buffer `name` starts with (its `init` expanded as a launch expands it); an error names a buffer
    /// the spec does not have.
    pub fn initial_bytes(&self, name: &str) -> Result<Vec<u8>, EmuError> {
        let b = self
            .buffers()
            .find(|b| b.name == name)
            .ok_or_else(|| EmuError::Launch(format!("simtc: error: the launch spec has no buffer '{name}'")))?;
        init_buffer(b, &self.base_dir)
    }

    /// Builds the launch: allocates and initializes buffers, encodes scalars.
    pub fn materialize(&self) -> Result<Launch, EmuError> {
        let mut buffers: Vec<Buffer> = Vec::new();
        for b in self.buffers() {
            if !buffers.iter().any(|x| x.name == b.name) {
                buffers.push(Buffer { name: b.name.clone(), data: init_buffer(b, &self.base_dir)? });
            }
        }
        let index = |n: &str| buffers.iter().position(|x| x.name == n).expect("every named buffer was created");
        let mut args = Vec::new();
        for a in &self.args {
            match a {
                ArgSpec::Buffer(b) => args.push(Arg::Buffer(index(&b.name))),
                ArgSpec::Scalar(_, bytes) => args.push(Arg::Bytes(bytes.clone())),
                ArgSpec::Bytes(bytes, ptrs) => {
                    args.push(Arg::Struct(bytes.clone(), ptrs.iter().map(|(o, n)| (*o, index(n))).collect()))
                }
            }
        }
        Ok(Launch {
            kernel: self.kernel.clone(),
            grid: self.grid,
            block: self.block,
            dynamic_shared_bytes: self.dynamic_shared_bytes,
            args,
            buffers,
        })
    }
}

fn parse_buffer(a: RawArg, k: usize) -> Result<BufferSpec, String> {
    let name = a.buffer.unwrap_or_default();
    if a.value.is_some() {
        return Err(format!("argument {k}: 'value' belongs to scalars; buffers take 'init'"));
    }
    let ty = a.ty.as_deref().ok_or_else(|| format!("argument {k}: buffer '{name}' needs a 'type'"))?;
    let ty = ElemTy::parse(ty)
        .ok_or_else(|| format!("argument {k}: unknown type '{ty}' (use i8 u8 i16 u16 i32 u32 i64 u64 f32 f64)"))?;
    let init = match &a.init {
        Some(v) => parse_init(v, k)?,
        None => Init::Zero,
    };
    if a.len.is_none() && !matches!(init, Init::File(_)) {
        return Err(format!("argument {k}: buffer '{name}' needs a 'len'"));
    }
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(format!("argument {k}: buffer name '{name}' must be a plain file stem"));
    }
    check_init_range(&init, ty, a.len, k, &name)?;
    Ok(BufferSpec { name, ty, len: a.len, init, output: a.output.unwrap_or(false) })
}

/// Every value `init` produces must be representable in the element type, as for scalars: integers within the
/// type's range (and whole), floats finite and, for `f32` buffers, within `f32`'s range.
fn check_init_range(init: &Init, ty: ElemTy, len: Option<u64>, k: usize, name: &str) -> Result<(), String> {
    let t = ty.name();
    let check = |what: &str, v: f64| -> Result<(), String> {
        if v.is_nan() {
            return Ok(()); // unset bounds of `random` use the defaults
        }
        let fits = if ty.is_float() {
            v.is_finite() && (ty != ElemTy::F32 || v.abs() <= f32::MAX as f64)
        } else {
            let (lo, hi) = ty.range();
            v.fract() == 0.0 && v >= lo as f64 && v <= hi as f64
        };
        if fits {
            Ok(())
        } else {
            Err(format!("argument {k}: buffer '{name}': {what} {v} does not fit in {t}"))
        }
    };
    match *init {
        Init::Fill(v) => check("fill value", v),
        Init::Random { min, max, .. } => {
            check("random min", min)?;
            check("random max", max)
        }
        Init::Iota { start, step } => {
            check("iota start", start)?;
            check("iota's last value", start + step * len.unwrap_or(1).saturating_sub(1) as f64)
        }
        Init::Zero | Init::None | Init::File(_) => Ok(()),
    }
}

/// SplitMix64.
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// Seeds the generator.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// Next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The initial bytes of a buffer.
pub fn init_buffer(b: &BufferSpec, base: &Path) -> Result<Vec<u8>, EmuError> {
    let es = b.ty.size();
    if let Init::File(p) = &b.init {
        let path = if p.is_absolute() { p.clone() } else { base.join(p) };
        let data = std::fs::read(&path).map_err(|e| {
            EmuError::Io(format!("simtc: error: could not read '{}' for buffer '{}': {e}", path.display(), b.name))
        })?;
        let want = b.len.map(|l| l as usize * es);
        if let Some(w) = want {
            if data.len() != w {
                return Err(EmuError::Launch(format!(
                    "error: '{}' has {} bytes but buffer '{}' holds {} {:?} elements ({w} bytes)",
                    path.display(),
                    data.len(),
                    b.name,
                    b.len.unwrap_or(0),
                    b.ty
                )));
            }
        } else if data.len() % es != 0 {
            return Err(EmuError::Launch(format!(
                "error: '{}' is not a whole number of {}-byte elements",
                path.display(),
                es
            )));
        }
        return Ok(data);
    }
    let len = b.len.unwrap_or(0) as usize;
    if len.saturating_mul(es) > (1usize << 32) {
        return Err(EmuError::Launch(format!("error: buffer '{}' is larger than 4 GiB", b.name)));
    }
    let mut out = Vec::with_capacity(len * es);
    match &b.init {
        Init::Zero | Init::None => out.resize(len * es, 0),
        Init::Fill(v) => {
            let e = if b.ty.is_float() { b.ty.encode_float(*v) } else { b.ty.encode_int(*v as i128) };
            for _ in 0..len {
                out.extend_from_slice(&e);
            }
        }
        Init::Iota { start, step } => {
            for i in 0..len {
                let v = start + step * i as f64;
                out.extend(if b.ty.is_float() { b.ty.encode_float(v) } else { b.ty.encode_int(v as i128) });
            }
        }
        Init::Random { seed, min, max } => {
            let mut r = SplitMix64::new(*seed);
            if b.ty.is_float() {
                let (lo, hi) = (if min.is_nan() { 0.0 } else { *min }, if max.is_nan() { 1.0 } else { *max });
                for _ in 0..len {
                    let u = (r.next() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
                    out.extend(b.ty.encode_float(lo + u * (hi - lo)));
                }
            } else {
                let lo = if min.is_nan() { 0 } else { *min as i128 };
                let hi = if max.is_nan() { 100 } else { *max as i128 };
                if hi < lo {
                    return Err(EmuError::Launch(format!(
                        "error: buffer '{}': random max {hi} is below min {lo}",
                        b.name
                    )));
                }
                let span = (hi - lo + 1) as u128;
                for _ in 0..len {
                    let v = lo + (r.next() as u128 % span) as i128;
                    out.extend(b.ty.encode_int(v));
                }
            }
        }
        Init::File(_) => unreachable!("handled above"),
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_architecture_example() {
        let s = LaunchSpec::parse(
            r#"
kernel = "bitonic_dyn"
grid = [64, 1, 1]
block = [256, 1, 1]
dynamic_shared_bytes = 1024
[[args]]
buffer = "values"
type = "i32"
len = 16384
init = { random = { seed = 7, min = 0, max = 100000 } }
output = true
[[args]]
scalar = "u32"
value = 256
[[args]]
bytes = "0000803f05000000"
"#,
            Path::new("."),
        )
        .unwrap();
        assert_eq!(s.grid, [64, 1, 1]);
        assert_eq!(s.args.len(), 3);
        assert_eq!(s.args[1], ArgSpec::Scalar(ElemTy::U32, vec![0, 1, 0, 0]));
        assert_eq!(s.args[2], ArgSpec::Bytes(vec![0, 0, 0x80, 0x3f, 5, 0, 0, 0], vec![]));
        let l = s.materialize().unwrap();
        assert_eq!(l.buffers[0].data.len(), 16384 * 4);
        let v: Vec<i32> = l.buffers[0].data.chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
        assert!(v.iter().all(|x| (0..=100000).contains(x)));
        assert!(v.iter().any(|&x| x != v[0]));
    }

    #[test]
    fn rejects_bad_specs() {
        let e = LaunchSpec::parse(
            "kernel = \"k\"\ngrid = 1\nblock = 1\n[[args]]\nbuffer = \"x\"\nlen = 4\n",
            Path::new("."),
        )
        .unwrap_err();
        assert!(e.contains("needs a 'type'"), "{e}");
        let e = LaunchSpec::parse("kernel = \"k\"\ngrid = 1\nblock = 1\nblcok = 2\n", Path::new(".")).unwrap_err();
        assert!(e.contains("blcok"), "{e}");
        let e = LaunchSpec::parse(
            "kernel = \"k\"\ngrid = 1\nblock = 1\n[[args]]\nscalar = \"u8\"\nvalue = 300\n",
            Path::new("."),
        )
        .unwrap_err();
        assert!(e.contains("does not fit"), "{e}");
        let e = LaunchSpec::parse("kernel = \"k\"\ngrid = [1,1,1,1]\nblock = 1\n", Path::new(".")).unwrap_err();
        assert!(e.contains("1 to 3"), "{e}");
    }

    #[test]
    fn init_none_is_zero_filled_and_listed_as_undefined() {
        let s = LaunchSpec::parse(
            "kernel = \"k\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"a\"\ntype = \"i32\"\nlen = 4\ninit = \"none\"\n\
             [[args]]\nbuffer = \"b\"\ntype = \"i32\"\nlen = 4\n",
            Path::new("."),
        )
        .unwrap();
        assert_eq!(s.undefined_buffers(), vec!["a".to_string()]);
        let l = s.materialize().unwrap();
        assert_eq!(l.buffers[0].data, vec![0u8; 16]);
        let e = LaunchSpec::parse(
            "kernel = \"k\"\ngrid = 1\nblock = 1\n[[args]]\nbuffer = \"x\"\ntype = \"i32\"\nlen = 4\ninit = \"nil\"\n",
            Path::new("."),
        )
        .unwrap_err();
        assert!(e.contains("\"none\""), "{e}");
    }

    #[test]
    fn initial_bytes_are_a_launch_buffer_s_and_name_a_missing_one() {
        let s = LaunchSpec::parse(
            "kernel = \"k\"\ngrid = 1\nblock = 32\n[[args]]\nbuffer = \"a\"\ntype = \"u8\"\nlen = 4\n\
             init = { random = { seed = 5, min = 0, max = 9 } }\n",
            Path::new("."),
        )
        .unwrap();
        assert_eq!(s.initial_bytes("a").unwrap(), s.materialize().unwrap().buffers[0].data);
        let e = s.initial_bytes("b").unwrap_err().to_string();
        assert!(e.contains("no buffer 'b'"), "{e}");
    }
}
