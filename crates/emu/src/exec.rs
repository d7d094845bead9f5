//! Data-path execution: one warp instruction on the lanes of an active mask.
//!
//! Operands are gathered into 32-lane arrays ([`Lanes`]), the operation runs over all lanes (pure arithmetic) or the
//! active lanes (memory, faults), and results are written back under the mask, so inactive lanes keep their
//! registers. Control flow, barriers and the warp-synchronous membership checks live in [`crate::engine`]; this
//! module assumes the engine already decided which lanes execute.

use crate::cvt::convert;
use crate::engine::Warp;
use crate::lanes::{lanes_of, sext, trunc, Lanes};
use crate::memory::{load_bytes, store_bytes, Fault, GlobalMem};
use crate::program::*;
use crate::ptx::ast::{Space, Ty};
use crate::sanitize::AccessOp;

/// Read-only state of a launch, shared by all CTAs.
pub struct Env<'a> {
    /// The program.
    pub prog: &'a Program,
    /// Global memory.
    pub global: &'a GlobalMem,
    /// The kernel parameter buffer.
    pub kparams: &'a [u8],
    /// Grid dimensions.
    pub grid: [u32; 3],
    /// Block dimensions.
    pub block: [u32; 3],
    /// Dynamic shared memory bytes.
    pub dyn_smem: u32,
    /// When the launch must stop (its start plus [`crate::engine::EngineOptions::timeout`]); read by every CTA's
    /// host thread (an `Instant` is plain data: no synchronisation needed).
    pub deadline: Option<std::time::Instant>,
}

/// Per-CTA state the data path needs.
pub struct CtaMem {
    /// This CTA's index.
    pub ctaid: [u32; 3],
    /// Shared memory.
    pub shared: Vec<u8>,
    /// Warp instructions issued so far in this CTA (the `%clock` source).
    pub clock: u64,
    /// Warps in the CTA.
    pub nwarps: u32,
    /// The sanitizer's state of this CTA (`None`: off).
    pub san: Option<Box<crate::sanitize::cta::CtaSan>>,
}

/// A failed instruction: what went wrong and in which lane (when it concerns one).
#[derive(Debug, Clone)]
pub struct ExecError {
    /// Message.
    pub msg: String,
    /// The lane, when the error is a lane's.
    pub lane: Option<usize>,
}

impl ExecError {
    fn lane(lane: usize, msg: String) -> ExecError {
        ExecError { msg, lane: Some(lane) }
    }
}

/// The frame bases of the executing group.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    /// Local frame base (local-space address).
    pub local_fp: u32,
    /// Param frame base (offset from [`PARAM_FRAME_BASE`]).
    pub param_fp: u32,
    /// The group's lanes (for `activemask`).
    pub group_mask: u32,
}

/// Reads a source operand for all lanes.
#[inline]
pub fn fetch(w: &Warp, env: &Env<'_>, cta: &CtaMem, fr: Frame, s: Src, out: &mut Lanes) {
    match s {
        Src::Reg(r) => {
            let b = r as usize * 32;
            out.copy_from_slice(&w.regs[b..b + 32]);
        }
        Src::Imm(v) => *out = [v; 32],
        Src::LocalSym(o) => *out = [(fr.local_fp + o) as u64; 32],
        Src::ParamSym(o) => *out = [PARAM_FRAME_BASE + (fr.param_fp + o) as u64; 32],
        Src::Sreg(sr) => {
            for (l, x) in out.iter_mut().enumerate() {
                *x = crate::special::value(w, env, cta, sr, l);
            }
        }
    }
}

/// Scratch lane vectors for one instruction (kept per CTA, so executing an instruction allocates and clears
/// nothing).
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    /// First operand.
    pub a: Lanes,
    /// Second operand.
    pub b: Lanes,
    /// Third operand.
    pub c: Lanes,
    /// Result.
    pub r: Lanes,
}

/// A source operand for all lanes: a reference to the register itself, or `tmp` filled with the value.
#[inline]
pub fn operand<'a>(w: &'a Warp, env: &Env<'_>, cta: &CtaMem, fr: Frame, s: Src, tmp: &'a mut Lanes) -> &'a Lanes {
    if let Src::Reg(r) = s {
        let b = r as usize * 32;
        if let Ok(l) = <&Lanes>::try_from(&w.regs[b..b + 32]) {
            return l;
        }
    }
    fetch(w, env, cta, fr, s, tmp);
    tmp
}

/// Writes `vals` to register `d` in the lanes of `mask`.
#[inline]
pub fn write(w: &mut Warp, d: u32, vals: &Lanes, mask: u32) {
    if d == 0 {
        return;
    }
    let b = d as usize * 32;
    let dst = &mut w.regs[b..b + 32];
    if mask == u32::MAX {
        dst.copy_from_slice(vals);
    } else {
        for l in lanes_of(mask) {
            dst[l] = vals[l];
        }
    }
}

/// The lane mask of a predicate source.
#[inline]
pub fn pmask(w: &Warp, p: PSrc) -> u32 {
    match p {
        PSrc::Reg(r, neg) => {
            let m = w.preds[r as usize];
            if neg {
                !m
            } else {
                m
            }
        }
        PSrc::Const(c) => {
            if c {
                u32::MAX
            } else {
                0
            }
        }
    }
}

#[inline]
fn set_pred(w: &mut Warp, p: u32, vals: u32, mask: u32) {
    if p != 0 {
        let old = w.preds[p as usize];
        w.preds[p as usize] = (old & !mask) | (vals & mask);
    }
}

fn combine(op: BoolOp, a: u32, b: u32) -> u32 {
    match op {
        BoolOp::And => a & b,
        BoolOp::Or => a | b,
        BoolOp::Xor => a ^ b,
    }
}

/// Loads from `space` for lane `l`.
#[inline]
pub fn load(w: &Warp, env: &Env<'_>, cta: &CtaMem, l: usize, space: Space, a: u64, size: u32) -> Result<u64, Fault> {
    if !a.is_multiple_of(size as u64) {
        return Err(Fault::Misaligned { space, addr: a, size });
    }
    let oob = Fault::OutOfBounds { space, addr: a, size };
    match space {
        Space::Global => env.global.load(a, size),
        Space::Shared => load_bytes(&cta.shared, a, size).ok_or(oob),
        Space::Const => load_bytes(&env.prog.const_bank, a, size).ok_or(oob),
        Space::Local => {
            if a.saturating_add(size as u64) > w.local_bytes as u64 {
                return Err(oob);
            }
            load_bytes(&w.local, l as u64 * w.local_bytes as u64 + a, size).ok_or(oob)
        }
        Space::Param => {
            if a >= PARAM_FRAME_BASE {
                let o = a - PARAM_FRAME_BASE;
                if o.saturating_add(size as u64) > w.param_bytes as u64 {
                    return Err(oob);
                }
                load_bytes(&w.params, l as u64 * w.param_bytes as u64 + o, size).ok_or(oob)
            } else {
                load_bytes(env.kparams, a, size).ok_or(oob)
            }
        }
        Space::Generic | Space::Reg => match a >> 48 {
            0 => env.global.load(a, size),
            1 => load(w, env, cta, l, Space::Shared, a - SHARED_WINDOW, size),
            2 => load(w, env, cta, l, Space::Local, a - LOCAL_WINDOW, size),
            3 => load(w, env, cta, l, Space::Const, a - CONST_WINDOW, size),
            4 => load(w, env, cta, l, Space::Param, a - PARAM_WINDOW, size),
            _ => Err(Fault::OutOfBounds { space: Space::Generic, addr: a, size }),
        },
    }
}

/// Stores to `space` for lane `l`.
#[inline]
pub fn store(
    w: &mut Warp,
    env: &Env<'_>,
    cta: &mut CtaMem,
    l: usize,
    space: Space,
    a: u64,
    size: u32,
    v: u64,
) -> Result<(), Fault> {
    if !a.is_multiple_of(size as u64) {
        return Err(Fault::Misaligned { space, addr: a, size });
    }
    let oob = Fault::OutOfBounds { space, addr: a, size };
    match space {
        Space::Global => env.global.store(a, size, v),
        Space::Shared => store_bytes(&mut cta.shared, a, size, v).then_some(()).ok_or(oob),
        Space::Const => Err(Fault::ReadOnly { space, addr: a }),
        Space::Local => {
            if a.saturating_add(size as u64) > w.local_bytes as u64 {
                return Err(oob);
            }
            let base = l as u64 * w.local_bytes as u64;
            store_bytes(&mut w.local, base + a, size, v).then_some(()).ok_or(oob)
        }
        Space::Param => {
            if a >= PARAM_FRAME_BASE {
                let o = a - PARAM_FRAME_BASE;
                if o.saturating_add(size as u64) > w.param_bytes as u64 {
                    return Err(oob);
                }
                let base = l as u64 * w.param_bytes as u64;
                store_bytes(&mut w.params, base + o, size, v).then_some(()).ok_or(oob)
            } else {
                Err(Fault::ReadOnly { space, addr: a })
            }
        }
        Space::Generic | Space::Reg => match a >> 48 {
            0 => env.global.store(a, size, v),
            1 => store(w, env, cta, l, Space::Shared, a - SHARED_WINDOW, size, v),
            2 => store(w, env, cta, l, Space::Local, a - LOCAL_WINDOW, size, v),
            3 => Err(Fault::ReadOnly { space: Space::Const, addr: a - CONST_WINDOW }),
            4 => store(w, env, cta, l, Space::Param, a - PARAM_WINDOW, size, v),
            _ => Err(Fault::OutOfBounds { space: Space::Generic, addr: a, size }),
        },
    }
}

fn atom_value(op: AtomOp, ty: Ty, old: u64, b: u64, c: u64) -> u64 {
    let bits = ty.bits();
    let t = |v: u64| trunc(v, bits);
    match op {
        AtomOp::Add => match ty {
            Ty::F32 => (f32::from_bits(old as u32) + f32::from_bits(b as u32)).to_bits() as u64,
            Ty::F64 => (f64::from_bits(old) + f64::from_bits(b)).to_bits(),
            _ => t(old.wrapping_add(b)),
        },
        AtomOp::Min | AtomOp::Max => {
            let min = op == AtomOp::Min;
            match ty {
                Ty::S32 | Ty::S64 => {
                    let (x, y) = (sext(b, bits), sext(old, bits));
                    t((if min { x.min(y) } else { x.max(y) }) as u64)
                }
                Ty::F32 => {
                    let (x, y) = (f32::from_bits(b as u32), f32::from_bits(old as u32));
                    (if min { crate::floatops::fmin(x, y) } else { crate::floatops::fmax(x, y) }).to_bits() as u64
                }
                Ty::F64 => {
                    let (x, y) = (f64::from_bits(b), f64::from_bits(old));
                    (if min { crate::floatops::fmin(x, y) } else { crate::floatops::fmax(x, y) }).to_bits()
                }
                _ => {
                    if min {
                        t(b).min(t(old))
                    } else {
                        t(b).max(t(old))
                    }
                }
            }
        }
        AtomOp::And => old & b,
        AtomOp::Or => old | b,
        AtomOp::Xor => old ^ b,
        AtomOp::Exch => t(b),
        AtomOp::Cas => {
            if old == t(b) {
                t(c)
            } else {
                old
            }
        }
        AtomOp::Inc => {
            if old >= t(b) {
                0
            } else {
                t(old + 1)
            }
        }
        AtomOp::Dec => {
            if old == 0 || old > t(b) {
                t(b)
            } else {
                t(old - 1)
            }
        }
    }
}

fn atomic(
    w: &mut Warp,
    env: &Env<'_>,
    cta: &mut CtaMem,
    l: usize,
    space: Space,
    a: u64,
    op: AtomOp,
    ty: Ty,
    b: u64,
    c: u64,
) -> Result<u64, Fault> {
    let size = ty.size();
    if !a.is_multiple_of(size as u64) {
        return Err(Fault::Misaligned { space, addr: a, size });
    }
    let (space, a) = match space {
        Space::Generic => match a >> 48 {
            0 => (Space::Global, a),
            1 => (Space::Shared, a - SHARED_WINDOW),
            _ => return Err(Fault::OutOfBounds { space: Space::Generic, addr: a, size }),
        },
        s => (s, a),
    };
    if space == Space::Global {
        return if size == 4 {
            env.global.atomic32(a, |old| atom_value(op, ty, old as u64, b, c) as u32).map(|v| v as u64)
        } else {
            env.global.atomic64(a, |old| atom_value(op, ty, old, b, c))
        };
    }
    let old = load(w, env, cta, l, space, a, size)?;
    store(w, env, cta, l, space, a, size, atom_value(op, ty, old, b, c))?;
    Ok(old)
}

/// The source operand a warp-synchronous collective exchanges (`shfl`, `match`, `redux`: a value; `vote`: a
/// predicate).
pub enum CollectiveSrc {
    /// A value operand.
    Value(Src),
    /// A predicate operand.
    Pred(PSrc),
}

/// The exchanged operand of a collective instruction.
pub fn collective_src(op: &Op) -> Option<CollectiveSrc> {
    match op {
        Op::Shfl { a, .. } | Op::Match { a, .. } | Op::Redux { a, .. } => Some(CollectiveSrc::Value(*a)),
        Op::Vote { a, .. } => Some(CollectiveSrc::Pred(*a)),
        _ => None,
    }
}

/// Executes a warp-synchronous collective for the lanes of `mask`, exchanging with all lanes of `all`:
/// `a_all` holds every participating lane's value operand, `p_all` their predicate operand (`vote`). The lanes
/// in `all` may come from different instructions (sm_70 semantics: members may reach the collective at
/// different places); each lane uses its own instruction's other operands and destination.
pub fn collective(
    w: &mut Warp,
    env: &Env<'_>,
    cta: &CtaMem,
    fr: Frame,
    op: &Op,
    mask: u32,
    a_all: &Lanes,
    p_all: u32,
    all: u32,
) {
    let mut b = [0u64; 32];
    let mut c = [0u64; 32];
    let mut r = [0u64; 32];
    match op {
        Op::Shfl { mode, d, p, b: t, c: u, .. } => {
            fetch(w, env, cta, fr, *t, &mut b);
            fetch(w, env, cta, fr, *u, &mut c);
            let mut pv = 0u32;
            for l in lanes_of(mask) {
                let bval = (b[l] & 31) as i64;
                let cval = c[l] as u32;
                let seg = (cval >> 8) & 31;
                let clamp = cval & 31;
                let lane = l as i64;
                let max_lane = ((l as u32 & seg) | (clamp & !seg)) as i64;
                let min_lane = (l as u32 & seg) as i64;
                let (j, ok) = match mode {
                    ShflMode::Up => (lane - bval, lane - bval >= max_lane),
                    ShflMode::Down => (lane + bval, lane + bval <= max_lane),
                    ShflMode::Bfly => (lane ^ bval, (lane ^ bval) <= max_lane),
                    ShflMode::Idx => {
                        let j = min_lane | (bval & !(seg as i64));
                        (j, j <= max_lane)
                    }
                };
                let j = if ok && (0..32).contains(&j) { j as usize } else { l };
                r[l] = a_all[j];
                pv |= (ok as u32) << l;
            }
            write(w, *d, &r, mask);
            if let Some(p) = p {
                set_pred(w, *p, pv, mask);
            }
        }
        Op::Vote { mode, d, .. } => {
            let pm = p_all & all;
            match mode {
                VoteMode::Ballot => write(w, *d, &[pm as u64; 32], mask),
                _ => {
                    let v = match mode {
                        VoteMode::All => pm == all,
                        VoteMode::Any => pm != 0,
                        _ => pm == all || pm == 0,
                    };
                    set_pred(w, *d, if v { u32::MAX } else { 0 }, mask);
                }
            }
        }
        Op::Match { all: match_all, bits, d, p, .. } => {
            let mut pv = 0u32;
            for l in lanes_of(mask) {
                let mut same = 0u32;
                for k in lanes_of(all) {
                    if trunc(a_all[k], *bits) == trunc(a_all[l], *bits) {
                        same |= 1 << k;
                    }
                }
                if *match_all {
                    let ok = same == all;
                    r[l] = if ok { all as u64 } else { 0 };
                    pv |= (ok as u32) << l;
                } else {
                    r[l] = same as u64;
                }
            }
            write(w, *d, &r, mask);
            if let Some(p) = p {
                set_pred(w, *p, pv, mask);
            }
        }
        Op::Redux { op: rop, signed, d, .. } => {
            let vals: Vec<u32> = lanes_of(all).map(|l| a_all[l] as u32).collect();
            let v: u32 = match rop {
                ReduxOp::Add => vals.iter().fold(0u32, |x, y| x.wrapping_add(*y)),
                ReduxOp::And => vals.iter().fold(u32::MAX, |x, y| x & y),
                ReduxOp::Or => vals.iter().fold(0, |x, y| x | y),
                ReduxOp::Xor => vals.iter().fold(0, |x, y| x ^ y),
                ReduxOp::Min if *signed => vals.iter().map(|x| *x as i32).min().unwrap_or(0) as u32,
                ReduxOp::Max if *signed => vals.iter().map(|x| *x as i32).max().unwrap_or(0) as u32,
                ReduxOp::Min => vals.iter().copied().min().unwrap_or(0),
                ReduxOp::Max => vals.iter().copied().max().unwrap_or(0),
            };
            write(w, *d, &[v as u64; 32], mask);
        }
        _ => {}
    }
}

/// Executes a data instruction on the lanes of `mask` (active and guard-true).
pub fn exec(
    w: &mut Warp,
    env: &Env<'_>,
    cta: &mut CtaMem,
    fr: Frame,
    op: &Op,
    mask: u32,
    scratch: &mut Scratch,
) -> Result<(), ExecError> {
    let Scratch { a, b, c, r } = scratch;
    match op {
        Op::Nop => {}
        Op::Mov { d, a: s, bits } => {
            fetch(w, env, cta, fr, *s, a);
            if *bits < 64 {
                for x in a.iter_mut() {
                    *x = trunc(*x, *bits);
                }
            }
            write(w, *d, a, mask);
        }
        Op::Alu1 { f, d, a: s } => {
            let x = operand(w, env, cta, fr, *s, a);
            f(x, r);
            write(w, *d, r, mask);
        }
        Op::Alu2 { f, d, a: s, b: t } => {
            let x = operand(w, env, cta, fr, *s, a);
            let y = operand(w, env, cta, fr, *t, b);
            f(x, y, r);
            write(w, *d, r, mask);
        }
        Op::Alu3 { f, d, a: s, b: t, c: u } => {
            let x = operand(w, env, cta, fr, *s, a);
            let y = operand(w, env, cta, fr, *t, b);
            let z = operand(w, env, cta, fr, *u, c);
            f(x, y, z, r);
            write(w, *d, r, mask);
        }
        Op::Div { f, d, a: s, b: t, bits } => {
            fetch(w, env, cta, fr, *s, a);
            fetch(w, env, cta, fr, *t, b);
            for l in lanes_of(mask) {
                if trunc(b[l], *bits) == 0 {
                    return Err(ExecError::lane(l, "integer division by zero".into()));
                }
            }
            f(a, b, r);
            write(w, *d, r, mask);
        }
        Op::Bfi { d, a: s, b: t, c: u, e, bits } => {
            fetch(w, env, cta, fr, *s, a);
            fetch(w, env, cta, fr, *t, b);
            fetch(w, env, cta, fr, *u, c);
            let mut ev = [0u64; 32];
            fetch(w, env, cta, fr, *e, &mut ev);
            for l in 0..32 {
                r[l] = crate::intops::bfi(a[l], b[l], c[l] as u8 as u32, ev[l] as u8 as u32, *bits);
            }
            write(w, *d, r, mask);
        }
        Op::Lop3 { d, a: s, b: t, c: u, lut } => {
            fetch(w, env, cta, fr, *s, a);
            fetch(w, env, cta, fr, *t, b);
            fetch(w, env, cta, fr, *u, c);
            for l in 0..32 {
                r[l] = crate::intops::lop3(a[l], b[l], c[l], *lut);
            }
            write(w, *d, r, mask);
        }
        Op::Prmt { d, a: s, b: t, c: u, mode } => {
            fetch(w, env, cta, fr, *s, a);
            fetch(w, env, cta, fr, *t, b);
            fetch(w, env, cta, fr, *u, c);
            for l in 0..32 {
                r[l] = crate::intops::prmt(a[l] as u32, b[l] as u32, c[l] as u32, *mode) as u64;
            }
            write(w, *d, r, mask);
        }
        Op::Setp { f, p, q, a: s, b: t, comb } => {
            let m = f(operand(w, env, cta, fr, *s, a), operand(w, env, cta, fr, *t, b));
            let (pv, qv) = match comb {
                Some((op, c)) => {
                    let cm = pmask(w, *c);
                    (combine(*op, m, cm), combine(*op, !m, cm))
                }
                None => (m, !m),
            };
            if let Some(p) = p {
                set_pred(w, *p, pv, mask);
            }
            if let Some(q) = q {
                set_pred(w, *q, qv, mask);
            }
        }
        Op::Set { f, d, a: s, b: t, comb, float } => {
            fetch(w, env, cta, fr, *s, a);
            fetch(w, env, cta, fr, *t, b);
            let mut m = f(a, b);
            if let Some((op, c)) = comb {
                m = combine(*op, m, pmask(w, *c));
            }
            let (one, zero) = if *float { (1.0f32.to_bits() as u64, 0) } else { (0xFFFF_FFFF, 0) };
            for (l, x) in r.iter_mut().enumerate() {
                *x = if m >> l & 1 == 1 { one } else { zero };
            }
            write(w, *d, r, mask);
        }
        Op::Selp { d, a: s, b: t, p } => {
            fetch(w, env, cta, fr, *s, a);
            fetch(w, env, cta, fr, *t, b);
            let m = pmask(w, *p);
            for l in 0..32 {
                r[l] = if m >> l & 1 == 1 { a[l] } else { b[l] };
            }
            write(w, *d, r, mask);
        }
        Op::PLogic { op, p, a: x, b: y } => {
            let xm = pmask(w, *x);
            let v = match op {
                Some(o) => combine(*o, xm, pmask(w, *y)),
                None => xm,
            };
            set_pred(w, *p, v, mask);
        }
        Op::Half { op: hop, m, d, a: s, b: t, c: u } => {
            fetch(w, env, cta, fr, *s, a);
            fetch(w, env, cta, fr, *t, b);
            fetch(w, env, cta, fr, *u, c);
            for l in lanes_of(mask) {
                r[l] = crate::halfops::lane(*hop, m, a[l], b[l], c[l]);
            }
            write(w, *d, r, mask);
        }
        Op::HalfSetp { cmp, fmt, x2, ftz, p, q, a: s, b: t, comb } => {
            fetch(w, env, cta, fr, *s, a);
            fetch(w, env, cta, fr, *t, b);
            let (mut lo, mut hi) = (0u32, 0u32);
            for l in 0..32 {
                lo |= (crate::halfops::compare(*cmp, *fmt, *ftz, a[l] as u16, b[l] as u16) as u32) << l;
                hi |= (crate::halfops::compare(*cmp, *fmt, *ftz, (a[l] >> 16) as u16, (b[l] >> 16) as u16) as u32) << l;
            }
            let second = if *x2 { hi } else { !lo };
            let (pv, qv) = match comb {
                Some((op, c)) => {
                    let cm = pmask(w, *c);
                    (combine(*op, lo, cm), combine(*op, second, cm))
                }
                None => (lo, second),
            };
            if let Some(p) = p {
                set_pred(w, *p, pv, mask);
            }
            if let Some(q) = q {
                set_pred(w, *q, qv, mask);
            }
        }
        Op::CvtPack { m, d, a: s, b: t } => {
            fetch(w, env, cta, fr, *s, a);
            fetch(w, env, cta, fr, *t, b);
            let one = |v: u64| {
                let mut x = f32::from_bits(v as u32) as f64;
                if m.sat {
                    x = if x.is_nan() || x <= 0.0 { 0.0 } else { x.min(1.0) };
                }
                if m.relu && x < 0.0 {
                    x = 0.0;
                }
                crate::halfops::from_f64(x, m.fmt, m.rnd) as u64
            };
            for l in lanes_of(mask) {
                r[l] = one(a[l]) << 16 | one(b[l]);
            }
            write(w, *d, r, mask);
        }
        Op::Carry { kind, cin, cout, bits, d, a: s, b: t, c: u } => {
            fetch(w, env, cta, fr, *s, a);
            fetch(w, env, cta, fr, *t, b);
            fetch(w, env, cta, fr, *u, c);
            let m = if *bits == 64 { u128::from(u64::MAX) } else { u128::from(u32::MAX) };
            let mut flags = w.carry;
            for l in lanes_of(mask) {
                let (x, y, z) = (a[l] as u128 & m, b[l] as u128 & m, c[l] as u128 & m);
                let cf = if *cin { (w.carry >> l & 1) as u128 } else { 0 };
                let (v, out) = match kind {
                    CarryKind::Add => {
                        let s = x + y + cf;
                        (s & m, s > m)
                    }
                    CarryKind::Sub => {
                        let sub = y + cf;
                        (x.wrapping_sub(sub) & m, sub > x)
                    }
                    CarryKind::MadLo | CarryKind::MadHi => {
                        let p = x * y;
                        let half = if *kind == CarryKind::MadLo { p & m } else { p >> *bits };
                        let s = half + z + cf;
                        (s & m, s > m)
                    }
                };
                r[l] = v as u64;
                if *cout {
                    flags = (flags & !(1 << l)) | ((out as u32) << l);
                }
            }
            w.carry = flags;
            write(w, *d, r, mask);
        }
        Op::IsSpace { space, p, a: s } => {
            fetch(w, env, cta, fr, *s, a);
            let want = match space {
                Space::Shared => 1,
                Space::Local => 2,
                Space::Const => 3,
                Space::Param => 4,
                _ => 0,
            };
            let mut m = 0u32;
            for (l, &x) in a.iter().enumerate() {
                m |= ((x >> 48 == want) as u32) << l;
            }
            set_pred(w, *p, m, mask);
        }
        Op::Cvt { d, a: s, c: conv } => {
            fetch(w, env, cta, fr, *s, a);
            for l in lanes_of(mask) {
                r[l] = convert(conv, a[l]);
            }
            write(w, *d, r, mask);
        }
        Op::Pack { d, srcs, bits } => {
            *r = [0; 32];
            for (k, s) in srcs.iter().enumerate() {
                fetch(w, env, cta, fr, *s, a);
                for l in 0..32 {
                    r[l] |= trunc(a[l], *bits) << (k as u32 * bits);
                }
            }
            write(w, *d, r, mask);
        }
        Op::MovVec { ds, srcs, bits } => {
            for (d, s) in ds.iter().zip(srcs) {
                if let Some(d) = d {
                    fetch(w, env, cta, fr, *s, a);
                    for l in 0..32 {
                        r[l] = trunc(a[l], *bits);
                    }
                    write(w, *d, r, mask);
                }
            }
        }
        Op::Unpack { ds, a: s, bits } => {
            fetch(w, env, cta, fr, *s, a);
            for (k, d) in ds.iter().enumerate() {
                if let Some(d) = d {
                    for l in 0..32 {
                        r[l] = trunc(a[l] >> (k as u32 * bits), *bits);
                    }
                    write(w, *d, r, mask);
                }
            }
        }
        Op::Cvta { to, space, d, a: s, bits } => {
            fetch(w, env, cta, fr, *s, a);
            let win = crate::decode::window(*space);
            for l in 0..32 {
                r[l] = trunc(if *to { a[l].wrapping_sub(win) } else { a[l].wrapping_add(win) }, *bits);
            }
            write(w, *d, r, mask);
        }
        Op::Ld { space, size, vec, sext: sx, dbits, d, addr, off } => {
            fetch(w, env, cta, fr, *addr, a);
            let size = *size as u32;
            let total = size * *vec as u32;
            for l in lanes_of(mask) {
                let base = a[l].wrapping_add(*off as u64);
                if !base.is_multiple_of(total as u64) {
                    let f = Fault::Misaligned { space: *space, addr: base, size: total };
                    return Err(ExecError::lane(l, f.describe(false)));
                }
                for k in 0..*vec as usize {
                    let at = base + k as u64 * size as u64;
                    let v =
                        load(w, env, cta, l, *space, at, size).map_err(|f| ExecError::lane(l, f.describe(false)))?;
                    if let Some(san) = cta.san.as_deref_mut() {
                        san.access(w.id, l, *space, at, size, AccessOp::Read);
                    }
                    if let Some(dr) = d[k] {
                        let db = dbits[k] as u32;
                        let v = if *sx { trunc(sext(v, size * 8) as u64, db) } else { v };
                        w.regs[dr as usize * 32 + l] = v;
                    }
                }
            }
        }
        Op::St { space, size, vec, s, addr, off } => {
            fetch(w, env, cta, fr, *addr, a);
            let size = *size as u32;
            let total = size * *vec as u32;
            let mut vals = [[0u64; 32]; 4];
            for k in 0..*vec as usize {
                fetch(w, env, cta, fr, s[k], &mut vals[k]);
            }
            for l in lanes_of(mask) {
                let base = a[l].wrapping_add(*off as u64);
                if !base.is_multiple_of(total as u64) {
                    let f = Fault::Misaligned { space: *space, addr: base, size: total };
                    return Err(ExecError::lane(l, f.describe(true)));
                }
                for (k, v) in vals.iter().enumerate().take(*vec as usize) {
                    let at = base + k as u64 * size as u64;
                    store(w, env, cta, l, *space, at, size, v[l]).map_err(|f| ExecError::lane(l, f.describe(true)))?;
                    if let Some(san) = cta.san.as_deref_mut() {
                        san.access(w.id, l, *space, at, size, AccessOp::Write);
                    }
                }
            }
        }
        Op::Atom { space, op: aop, ty, d, addr, off, b: t, c: u } => {
            fetch(w, env, cta, fr, *addr, a);
            fetch(w, env, cta, fr, *t, b);
            fetch(w, env, cta, fr, *u, c);
            for l in lanes_of(mask) {
                let at = a[l].wrapping_add(*off as u64);
                r[l] = atomic(w, env, cta, l, *space, at, *aop, *ty, b[l], c[l])
                    .map_err(|f| ExecError::lane(l, format!("atomic: {}", f.describe(true))))?;
                if let Some(san) = cta.san.as_deref_mut() {
                    san.access(w.id, l, *space, at, ty.size(), AccessOp::Atomic);
                }
            }
            if let Some(d) = d {
                write(w, *d, r, mask);
            }
        }
        Op::Shfl { a: s, .. } | Op::Match { a: s, .. } | Op::Redux { a: s, .. } => {
            fetch(w, env, cta, fr, *s, a);
            collective(w, env, cta, fr, op, mask, a, 0, mask);
        }
        Op::Vote { a: x, .. } => {
            let pm = pmask(w, *x) & mask;
            collective(w, env, cta, fr, op, mask, a, pm, mask);
        }
        Op::Wmma(wop) => crate::wmma::exec(w, env, cta, fr, wop, mask)?,
        Op::ActiveMask { d } => write(w, *d, &[fr.group_mask as u64; 32], mask),
        Op::Testp { kind, ty, p, a: s } => {
            fetch(w, env, cta, fr, *s, a);
            let mut pv = 0u32;
            for (l, &x) in a.iter().enumerate() {
                let v = if *ty == Ty::F32 { f32::from_bits(x as u32) as f64 } else { f64::from_bits(x) };
                let sub = if *ty == Ty::F32 { f32::from_bits(x as u32).is_subnormal() } else { v.is_subnormal() };
                let ok = match kind {
                    0 => v.is_finite(),
                    1 => v.is_infinite(),
                    2 => !v.is_nan(),
                    3 => v.is_nan(),
                    4 => v.is_finite() && v != 0.0 && !sub,
                    _ => sub,
                };
                pv |= (ok as u32) << l;
            }
            set_pred(w, *p, pv, mask);
        }
        Op::Bra { .. }
        | Op::BrxIdx { .. }
        | Op::Call { .. }
        | Op::Ret
        | Op::Exit
        | Op::Trap
        | Op::Bar { .. }
        | Op::WarpSync { .. } => {
            return Err(ExecError { msg: "internal error: control instruction on the data path".into(), lane: None })
        }
    }
    Ok(())
}
