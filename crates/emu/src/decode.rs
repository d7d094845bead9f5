//! Decoding: syntax tree → [`Program`].
//!
//! Three steps. (1) Module layout: `.global` variables get addresses (one 256-byte-aligned slot each, with a gap so
//! that running off one is an out-of-bounds error, not a silent write into the next), `.const` variables offsets
//! in the const bank, `.shared` variables offsets in the CTA's shared memory (`.extern .shared` arrays all start at
//! the end of the static part: the dynamic shared memory), then initializers are encoded (they may name other
//! symbols). (2) Every function body is decoded with a scope stack for `{ }` blocks: registers get warp-register
//! indices, `.local`/`.param` variables frame offsets, labels program counters, and each instruction becomes an
//! [`Op`] ([`crate::decode_inst`]). (3) The reconvergence point of every branch is computed
//! ([`crate::cfg`]) and the per-thread local and param frame budgets from the call graph.

use crate::program::*;
use crate::ptx::ast::{self, InitElem, Linkage, Space, Stmt, Ty};
use std::collections::HashMap;
use std::fmt;

/// A decoding error: valid syntax that the emulator cannot give a meaning to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// PTX source line.
    pub line: u32,
    /// What is wrong.
    pub msg: String,
    /// The source line's text.
    pub text: String,
}

impl DecodeError {
    /// The 1-based column the error points at: the first name the message quotes (`'%q'`, `'foo'`) where it
    /// occurs in the line as a whole token, else the statement's first character.
    pub fn col(&self) -> u32 {
        let is_tok = |c: char| c.is_ascii_alphanumeric() || "_$%.".contains(c);
        let quoted = self.msg.split('\'').skip(1).step_by(2).filter(|q| !q.is_empty());
        for q in quoted {
            let mut from = 0;
            while let Some(k) = self.text[from..].find(q).map(|k| k + from) {
                let before = self.text[..k].chars().next_back();
                let after = self.text[k + q.len()..].chars().next();
                if !before.is_some_and(is_tok) && !after.is_some_and(is_tok) {
                    return self.text[..k].chars().count() as u32 + 1;
                }
                from = k + q.len();
            }
        }
        self.text.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let col = self.col();
        let pad: String =
            self.text.chars().take(col as usize - 1).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
        write!(f, "{}:{col}: error: {}\n  {}\n  {pad}^", self.line, self.msg, self.text)
    }
}

#[cfg(test)]
mod col_tests {
    use super::DecodeError;

    #[test]
    fn columns_point_at_the_quoted_name() {
        let e = |msg: &str, text: &str| DecodeError { line: 7, msg: msg.into(), text: text.into() };
        let d = e("undeclared register '%q'", "  add.s32 %r1, %r2, %q;");
        assert_eq!(d.col(), 21);
        assert_eq!(
            d.to_string(),
            "7:21: error: undeclared register '%q'\n    add.s32 %r1, %r2, %q;\n                      ^"
        );
        // `%r1` inside `%r10` is not the token.
        assert_eq!(e("unknown symbol '%r1'", "\tmov.u32 %r10, %r1;").col(), 16);
        // Nothing quoted, or not on the line: the statement's start.
        assert_eq!(e("unsupported instruction", "    frob;").col(), 5);
        assert_eq!(e("label 'L' is defined twice", "L:").col(), 1);
        assert_eq!(e("unknown 'zzz'", "  ret;").col(), 3);
    }
}

/// Budget for per-thread local and param frames when the call graph is recursive.
pub const RECURSIVE_FRAME_BYTES: u32 = 16 * 1024;

/// A module-scope symbol.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ModSym {
    Global(u64),
    Const(u64),
    Shared(u64),
    Local(u64),
    Func(u32),
}

/// A name visible inside a function body.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Name {
    /// Value register with its declared width in bits.
    Reg(u32, u32),
    /// Predicate register.
    Pred(u32),
    /// `.local` variable in the frame.
    Local(u32),
    /// `.param` variable in the frame (device-function formal, return, or call-site variable), with its size.
    Param(u32, u32),
    /// Kernel parameter (offset in the parameter buffer).
    KParam(u32),
}

pub(crate) type DResult<T> = Result<T, String>;

fn align_up(x: u64, a: u64) -> u64 {
    let a = a.max(1);
    x.div_ceil(a) * a
}

/// Decodes a parsed module. `src` is its text (kept for diagnostics).
pub fn decode(m: &ast::Module, src: &str) -> Result<Program, DecodeError> {
    let source: Vec<String> = src.lines().map(str::to_string).collect();
    let err = |line: u32, msg: String| DecodeError {
        line,
        msg,
        text: source.get(line.max(1) as usize - 1).cloned().unwrap_or_default(),
    };
    let mut p = Program {
        insts: Vec::new(),
        funcs: Vec::new(),
        nregs: 1,
        npreds: 1,
        globals: Vec::new(),
        globals_end: GLOBAL_BASE,
        const_bank: Vec::new(),
        shared_static: 0,
        dyn_shared_offset: 0,
        shared_vars: Vec::new(),
        sm: m
            .target
            .first()
            .and_then(|t| t.strip_prefix("sm_"))
            .map(|t| t.trim_end_matches(|c: char| c.is_ascii_alphabetic()))
            .and_then(|t| t.parse().ok())
            .unwrap_or(0),
        local_module: 0,
        local_bytes: 0,
        param_frame_bytes: 0,
        source: Vec::new(),
        files: m.files.clone(),
    };
    let mut syms: HashMap<String, ModSym> = HashMap::new();
    let mut inits: Vec<(&ast::VarDecl, ModSym)> = Vec::new();
    let mut global_cursor = GLOBAL_BASE;
    let mut extern_shared: Vec<&ast::VarDecl> = Vec::new();
    let mut local_cursor = 0u64;
    // Function-scope .shared/.global/.const variables (llc declares shared arrays inside kernels) are static:
    // they are laid out with the module's variables.
    let body_vars = m.funcs.iter().filter_map(|f| f.body.as_ref()).flatten().filter_map(|s| match s {
        Stmt::Var(v) if matches!(v.space, Space::Shared | Space::Global | Space::Const) => Some(v),
        _ => None,
    });
    for v in m.vars.iter().chain(body_vars) {
        if syms.contains_key(&v.name) {
            if v.linkage == Linkage::Extern {
                continue;
            }
            return Err(err(v.line, format!("symbol '{}' is defined twice", v.name)));
        }
        let size = v.size();
        let sym = match v.space {
            Space::Global => {
                let addr = align_up(global_cursor, 256.max(v.alignment()));
                global_cursor = addr + size.max(1) + 256;
                ModSym::Global(addr)
            }
            Space::Const => {
                let off = align_up(p.const_bank.len() as u64, v.alignment());
                p.const_bank.resize((off + size) as usize, 0);
                ModSym::Const(off)
            }
            Space::Shared => {
                if v.linkage == Linkage::Extern || (size == 0 && v.dims.contains(&None)) {
                    extern_shared.push(v);
                    continue;
                }
                let off = align_up(p.shared_static, v.alignment());
                p.shared_static = off + size;
                p.shared_vars.push((v.name.clone(), off, size));
                ModSym::Shared(off)
            }
            Space::Local => {
                let off = align_up(local_cursor, v.alignment());
                local_cursor = off + size;
                ModSym::Local(off)
            }
            other => {
                return Err(err(
                    v.line,
                    format!("module-scope variables in the .{} space are not supported", other.name()),
                ))
            }
        };
        syms.insert(v.name.clone(), sym);
        inits.push((v, sym));
    }
    let dyn_align = extern_shared.iter().map(|v| v.alignment()).max().unwrap_or(16).max(16);
    p.dyn_shared_offset = align_up(p.shared_static, dyn_align);
    for v in extern_shared {
        syms.insert(v.name.clone(), ModSym::Shared(p.dyn_shared_offset));
        p.shared_vars.push((v.name.clone(), p.dyn_shared_offset, 0));
    }
    p.globals_end = align_up(global_cursor, 4096);
    p.local_module = align_up(local_cursor, 16) as u32;

    // Functions: definitions win over declarations of the same name.
    let mut fidx: HashMap<&str, usize> = HashMap::new();
    let mut order: Vec<&ast::Function> = Vec::new();
    for f in &m.funcs {
        match fidx.get(f.name.as_str()) {
            Some(&i) => {
                if f.body.is_some() {
                    if order[i].body.is_some() {
                        return Err(err(f.line, format!("function '{}' is defined twice", f.name)));
                    }
                    order[i] = f;
                }
            }
            None => {
                if syms.contains_key(&f.name) {
                    return Err(err(f.line, format!("symbol '{}' is defined twice", f.name)));
                }
                fidx.insert(&f.name, order.len());
                order.push(f);
            }
        }
    }
    for (i, f) in order.iter().enumerate() {
        syms.insert(f.name.clone(), ModSym::Func(i as u32));
    }

    // Initializers.
    for (v, sym) in &inits {
        let Some(init) = &v.init else { continue };
        let bytes = encode_init(v, init, &syms).map_err(|e| err(v.line, e))?;
        match *sym {
            ModSym::Global(addr) => p.globals.push(GlobalVar { name: v.name.clone(), addr, init: bytes }),
            ModSym::Const(off) => p.const_bank[off as usize..off as usize + bytes.len()].copy_from_slice(&bytes),
            _ => return Err(err(v.line, format!("initializers are not allowed on .{} variables", v.space.name()))),
        }
    }
    for (v, sym) in &inits {
        if let (ModSym::Global(addr), None) = (sym, &v.init) {
            p.globals.push(GlobalVar { name: v.name.clone(), addr: *addr, init: vec![0; v.size() as usize] });
        }
    }
    p.globals.sort_by_key(|g| g.addr);

    // Function shells first (calls may go forward).
    for f in &order {
        p.funcs.push(Func {
            name: f.name.clone(),
            kernel: f.entry,
            defined: f.body.is_some(),
            start: 0,
            end: 0,
            params: Vec::new(),
            rets: Vec::new(),
            param_bytes: 0,
            param_frame: 0,
            local_frame: 0,
            regs: (0, 0),
            preds: (0, 0),
            recursive: false,
            line: f.line,
        });
    }
    for (i, f) in order.iter().enumerate() {
        let mut cursor = 0u64;
        let layout = |ps: &[ast::ParamDecl], cursor: &mut u64| -> Result<Vec<ParamInfo>, DecodeError> {
            let mut out = Vec::new();
            for pd in ps {
                if pd.space == Space::Reg {
                    return Err(err(pd.line, "register (.reg) parameters are not supported; use .param".into()));
                }
                let off = align_up(*cursor, pd.alignment());
                *cursor = off + pd.size();
                out.push(ParamInfo {
                    name: pd.name.clone(),
                    offset: off as u32,
                    size: pd.size() as u32,
                    align: pd.alignment() as u32,
                    ty: pd.ty,
                    array: pd.array.is_some(),
                });
            }
            Ok(out)
        };
        let params = layout(&f.params, &mut cursor)?;
        let rets = layout(&f.rets, &mut cursor)?;
        let func = &mut p.funcs[i];
        func.params = params;
        func.rets = rets;
        if f.entry {
            func.param_bytes = cursor as u32;
            func.param_frame = 0;
        } else {
            func.param_frame = cursor as u32;
        }
    }
    let sass_column = crate::sass_cost::column(&m.target);
    for (i, f) in order.iter().enumerate() {
        let Some(body) = &f.body else { continue };
        crate::decode_inst::decode_body(&mut p, &syms, i as u32, body, sass_column)
            .map_err(|(line, msg)| err(line, msg))?;
    }
    crate::cfg::compute_reconvergence(&mut p);
    frame_budgets(&mut p);
    p.source = source;
    Ok(p)
}

/// Encodes an initializer into bytes.
fn encode_init(v: &ast::VarDecl, init: &[InitElem], syms: &HashMap<String, ModSym>) -> Result<Vec<u8>, String> {
    let size = v.size() as usize;
    let es = v.ty.size() as usize;
    let mut out = vec![0u8; size];
    if init.len() * es > size {
        return Err(format!(
            "initializer of '{}' has {} elements but the variable holds {}",
            v.name,
            init.len(),
            size / es.max(1)
        ));
    }
    for (k, e) in init.iter().enumerate() {
        let bits: u64 = match e {
            InitElem::Int(i) => *i as u64,
            InitElem::F32(b) => match v.ty {
                Ty::F64 => (f32::from_bits(*b) as f64).to_bits(),
                _ => *b as u64,
            },
            InitElem::F64(b) => match v.ty {
                Ty::F32 => (f64::from_bits(*b) as f32).to_bits() as u64,
                _ => *b,
            },
            InitElem::Float(x) => match v.ty {
                Ty::F32 => (*x as f32).to_bits() as u64,
                Ty::F64 => x.to_bits(),
                _ => *x as i64 as u64,
            },
            InitElem::Sym { name, offset, generic } => {
                let base = match syms.get(name) {
                    Some(ModSym::Global(a)) => *a,
                    Some(ModSym::Const(o)) => o + if *generic { CONST_WINDOW } else { 0 },
                    Some(ModSym::Shared(o)) => o + if *generic { SHARED_WINDOW } else { 0 },
                    Some(ModSym::Local(o)) => o + if *generic { LOCAL_WINDOW } else { 0 },
                    Some(ModSym::Func(i)) => FUNC_BASE + *i as u64,
                    None => return Err(format!("unknown symbol '{name}' in the initializer of '{}'", v.name)),
                };
                base.wrapping_add(*offset as u64)
            }
        };
        let b = bits.to_le_bytes();
        out[k * es..(k + 1) * es].copy_from_slice(&b[..es.min(8)]);
    }
    Ok(out)
}

/// Call-graph analysis: marks recursive functions and sizes the per-thread frame memory as the deepest chain of
/// frames from any kernel (or [`RECURSIVE_FRAME_BYTES`] when there is recursion).
fn frame_budgets(p: &mut Program) {
    let n = p.funcs.len();
    let mut callees: Vec<Vec<u32>> = vec![Vec::new(); n];
    for inst in &p.insts {
        if let Op::Call { func, indirect, .. } = &inst.op {
            if indirect.is_some() {
                // Any function may be the target.
                for g in 0..n as u32 {
                    if !p.funcs[g as usize].kernel {
                        callees[inst.func as usize].push(g);
                    }
                }
            } else {
                callees[inst.func as usize].push(*func);
            }
        }
    }
    for c in &mut callees {
        c.sort_unstable();
        c.dedup();
    }
    // Recursion: a function that can reach itself.
    for f in 0..n {
        let mut seen = vec![false; n];
        let mut stack: Vec<u32> = callees[f].clone();
        while let Some(g) = stack.pop() {
            if g as usize == f {
                p.funcs[f].recursive = true;
                break;
            }
            if !seen[g as usize] {
                seen[g as usize] = true;
                stack.extend(&callees[g as usize]);
            }
        }
    }
    let any_recursive = p.funcs.iter().any(|f| f.recursive);
    // Deepest chain (acyclic part) by memoised DFS.
    fn depth(
        f: usize,
        callees: &[Vec<u32>],
        p: &Program,
        memo: &mut Vec<Option<(u64, u64)>>,
        on: &mut Vec<bool>,
    ) -> (u64, u64) {
        if let Some(v) = memo[f] {
            return v;
        }
        if on[f] {
            return (0, 0);
        }
        on[f] = true;
        let mut best = (0u64, 0u64);
        for &g in &callees[f] {
            let (l, pa) = depth(g as usize, callees, p, memo, on);
            best.0 = best.0.max(l);
            best.1 = best.1.max(pa);
        }
        on[f] = false;
        let v = (
            best.0 + align_up(p.funcs[f].local_frame as u64, 16),
            best.1 + align_up(p.funcs[f].param_frame as u64, 16),
        );
        memo[f] = Some(v);
        v
    }
    let mut memo = vec![None; n];
    let mut on = vec![false; n];
    let (mut local, mut param) = (0u64, 0u64);
    for f in 0..n {
        if p.funcs[f].kernel {
            let (l, pa) = depth(f, &callees, p, &mut memo, &mut on);
            local = local.max(l);
            param = param.max(pa);
        }
    }
    if any_recursive {
        local = local.max(RECURSIVE_FRAME_BYTES as u64);
        param = param.max(RECURSIVE_FRAME_BYTES as u64);
    }
    p.local_bytes = (p.local_module as u64 + local) as u32;
    p.param_frame_bytes = param as u32;
}

/// Resolves a symbol for use as a value (`mov.u64 %rd, sym`): its address in its own state space.
pub(crate) fn sym_value(names: &[HashMap<String, Name>], syms: &HashMap<String, ModSym>, name: &str) -> DResult<Src> {
    for scope in names.iter().rev() {
        if let Some(n) = scope.get(name) {
            return Ok(match *n {
                Name::Local(o) => Src::LocalSym(o),
                Name::Param(o, _) => Src::ParamSym(o),
                Name::KParam(o) => Src::Imm(o as u64),
                Name::Reg(r, _) => Src::Reg(r),
                Name::Pred(_) => return Err(format!("predicate '{name}' used as a value")),
            });
        }
    }
    match syms.get(name) {
        Some(ModSym::Global(a)) => Ok(Src::Imm(*a)),
        Some(ModSym::Const(o)) | Some(ModSym::Shared(o)) | Some(ModSym::Local(o)) => Ok(Src::Imm(*o)),
        Some(ModSym::Func(i)) => Ok(Src::Imm(FUNC_BASE + *i as u64)),
        None => Err(format!("unknown symbol '{name}'")),
    }
}

/// The generic-window base of a state space.
pub(crate) fn window(space: Space) -> u64 {
    match space {
        Space::Shared => SHARED_WINDOW,
        Space::Local => LOCAL_WINDOW,
        Space::Const => CONST_WINDOW,
        Space::Param => PARAM_WINDOW,
        _ => 0,
    }
}

/// The state space a symbol lives in.
pub(crate) fn sym_space(names: &[HashMap<String, Name>], syms: &HashMap<String, ModSym>, name: &str) -> Option<Space> {
    for scope in names.iter().rev() {
        if let Some(n) = scope.get(name) {
            return match n {
                Name::Local(_) => Some(Space::Local),
                Name::Param(..) | Name::KParam(_) => Some(Space::Param),
                _ => None,
            };
        }
    }
    match syms.get(name)? {
        ModSym::Global(_) => Some(Space::Global),
        ModSym::Const(_) => Some(Space::Const),
        ModSym::Shared(_) => Some(Space::Shared),
        ModSym::Local(_) => Some(Space::Local),
        ModSym::Func(_) => None,
    }
}
