//! The random kernel generator of `simtc fuzz-diff`: LLVM IR text that the reader accepts, deterministic from a
//! seed, in the spirit of Csmith/YARPGen (written for simtc).
//!
//! Invariants of every generated program:
//! - **Terminates.** Every loop counts an induction variable from 0 up to a bound in `1..=8`; there is no
//!   recursion (device function `fK` only calls `fJ` with `J < K`).
//! - **No undefined behaviour.** Divisors are forced non-zero (`| 1`, masked, or a non-zero constant; a signed
//!   constant divisor is never -1), shift amounts are
//!   masked to `0..32`, array and buffer indices are masked into range, local arrays are initialised before
//!   use, floats are clamped into `(-1e6, 1e6)` after every operation (NaN and infinities become 1.0), so the
//!   `fptosi` conversions are in range and the outputs are bit-exact across builds.
//! - **Convergence-safe.** `bar.sync`, shuffles and votes (full mask) appear only at points the generator knows
//!   to be uniform: outside divergent branches and loops, before any divergent early return. Shared memory is
//!   written then read between two barriers, so there are no races.
//! - **Observable.** Each thread writes its live variables (floats as bits) to `out[gid * K + j]` at the end and
//!   at every early return.
//!
//! The program is SSA built directly: a fixed set of variables whose current SSA names live in an environment;
//! control-flow merges and loop headers get phis (swaps of variables produce swap-shaped phis; bottom-tested
//! loops that read a header phi after the loop produce the lost-copy shape).

use std::collections::BTreeSet;
use std::fmt::Write as _;

/// SplitMix64: small, fast and fully deterministic.
#[derive(Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        (self.next() % n as u64) as u32
    }
    /// True with probability `pct` percent.
    pub(crate) fn chance(&mut self, pct: u32) -> bool {
        self.below(100) < pct
    }
}

/// What a generated program contains (generator-side facts, for the coverage report).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Features {
    /// A branch, switch or early return on a divergent condition.
    pub divergent_branch: bool,
    /// A loop whose trip count or a break/continue depends on a divergent value.
    pub divergent_loop_exit: bool,
    /// A warp shuffle or vote.
    pub shuffle: bool,
    /// A `bar.sync`.
    pub barrier: bool,
    /// A call of a generated device function.
    pub call: bool,
    /// A divergent early return.
    pub early_return: bool,
    /// A switch.
    pub switch: bool,
    /// A local array.
    pub local_array: bool,
    /// An atomic read-modify-write.
    pub atomic: bool,
}

/// A generated program: LLVM IR, its launch spec and what it contains.
pub(crate) struct Program {
    /// LLVM IR text.
    pub ll: String,
    /// Launch spec (TOML); the kernel is `fuzz`, the output buffer `out`.
    pub spec: String,
    /// Coverage facts.
    pub features: Features,
}

const NI: usize = 4;
const NF: usize = 2;
const IN_LEN: u32 = 256;
const ARR: u32 = 8;

#[derive(Clone, PartialEq)]
struct Var {
    name: String,
    uniform: bool,
}

/// The current SSA name of each variable: `NI` i32s then `NF` floats.
type Env = Vec<Var>;

fn ty_of(j: usize) -> &'static str {
    if j < NI {
        "i32"
    } else {
        "float"
    }
}

struct Block {
    name: String,
    phis: Vec<String>,
    insts: Vec<String>,
    term: Option<String>,
}

struct LoopCtx {
    exit: String,
    latch: String,
    breaks: Vec<(String, Env)>,
    continues: Vec<(String, Env)>,
    /// The body runs converged (it may hold barriers and shuffles), so its breaks, continues and returns
    /// must be uniform.
    converged_body: bool,
}

/// Generates one function's blocks.
struct FnGen<'a> {
    rng: &'a mut Rng,
    feats: &'a mut Features,
    decls: &'a mut BTreeSet<&'static str>,
    blocks: Vec<Block>,
    cur: usize,
    next_val: u32,
    next_blk: u32,
    loops: Vec<LoopCtx>,
    /// Device functions this function may call (`(name)`), all `i32 (i32, i32, float)`.
    callees: Vec<String>,
    is_kernel: bool,
    /// A divergent early return has happened: no point after it is converged.
    diverged_exit: bool,
    /// Perturb constants (the else side of a "similar code" pair).
    perturb: u32,
    /// Statements left.
    budget: i32,
    /// The kernel computed its output address `%obase` in the entry block (a 64-bit divergent value live through
    /// every loop to the stores: `remat`'s input).
    early_out_base: bool,
    block_size: u32,
}

impl<'a> FnGen<'a> {
    /// A generator for one function with `budget` statements, before its entry block exists.
    #[allow(clippy::too_many_arguments)]
    fn new(
        rng: &'a mut Rng,
        feats: &'a mut Features,
        decls: &'a mut BTreeSet<&'static str>,
        callees: Vec<String>,
        is_kernel: bool,
        budget: i32,
        block_size: u32,
    ) -> Self {
        FnGen {
            rng,
            feats,
            decls,
            blocks: vec![],
            cur: 0,
            next_val: 0,
            next_blk: 0,
            loops: vec![],
            callees,
            is_kernel,
            diverged_exit: false,
            perturb: 0,
            budget,
            early_out_base: false,
            block_size,
        }
    }
}

impl FnGen<'_> {
    fn val(&mut self) -> String {
        self.next_val += 1;
        format!("%v{}", self.next_val)
    }
    fn new_block(&mut self, hint: &str) -> usize {
        self.next_blk += 1;
        self.blocks.push(Block { name: format!("{hint}{}", self.next_blk), phis: vec![], insts: vec![], term: None });
        self.blocks.len() - 1
    }
    fn name(&self, b: usize) -> String {
        self.blocks[b].name.clone()
    }
    fn emit(&mut self, s: String) {
        self.blocks[self.cur].insts.push(s);
    }
    /// `%r = <rhs>` with a trailing type comment the reducer reads.
    fn def(&mut self, rhs: String, ty: &str) -> String {
        let r = self.val();
        self.emit(format!("{r} = {rhs} ; T:{ty}"));
        r
    }
    /// `in[ext idx]`: the widening (`ext`: `sext`, `zext`, `zext nneg`), the address and the load; returns the
    /// address and the loaded value.
    fn load_in(&mut self, ext: &str, idx: &str) -> (String, String) {
        let w = self.def(format!("{ext} i32 {idx} to i64"), "i64");
        let p = self.def(format!("getelementptr inbounds i32, ptr %in, i64 {w}"), "ptr");
        let v = self.def(format!("load i32, ptr {p}, align 4"), "i32");
        (p, v)
    }
    /// Adds `v` into a random integer variable (which becomes divergent).
    fn fold_into_var(&mut self, env: &mut Env, v: &str) {
        let j = self.int_var(env);
        let t = self.def(format!("add i32 {}, {v}", env[j].name), "i32");
        env[j] = Var { name: t, uniform: false };
    }
    fn term(&mut self, t: String) {
        debug_assert!(self.blocks[self.cur].term.is_none());
        self.blocks[self.cur].term = Some(t);
    }
    fn konst(&mut self) -> i32 {
        let k = match self.rng.below(4) {
            0 => self.rng.below(8) as i32,
            1 => self.rng.below(256) as i32 - 128,
            2 => [-1, 1, 31, 32, 255, 0x7fff_ffff, i32::MIN, 0x5555_5555][self.rng.below(8) as usize],
            _ => self.rng.next() as i32,
        };
        k.wrapping_add(self.perturb as i32)
    }
    fn int_var(&mut self, _env: &Env) -> usize {
        self.rng.below(NI as u32) as usize
    }
    fn flt_var(&mut self) -> usize {
        NI + self.rng.below(NF as u32) as usize
    }
    /// An i32 operand: a variable or a constant; returns (text, uniform).
    fn int_operand(&mut self, env: &Env) -> (String, bool) {
        if self.rng.chance(30) {
            (self.konst().to_string(), true)
        } else {
            let j = self.int_var(env);
            (env[j].name.clone(), env[j].uniform)
        }
    }

    /// A new i32 value; returns (name, uniform).
    fn int_expr(&mut self, env: &Env) -> (String, bool) {
        let a = self.int_var(env);
        let (an, au) = (env[a].name.clone(), env[a].uniform);
        let (b, bu) = self.int_operand(env);
        let u = au && bu;
        match self.rng.below(12) {
            0 if self.rng.chance(20) => {
                // The same product of the first variable in sibling blocks (gvn-hoist's candidates).
                (self.def(format!("mul i32 {}, 7", env[0].name), "i32"), env[0].uniform)
            }
            0..=3 => {
                let op = ["add", "sub", "mul", "and", "or", "xor"][self.rng.below(6) as usize];
                (self.def(format!("{op} i32 {an}, {b}"), "i32"), u)
            }
            4 => {
                let op = ["shl", "lshr", "ashr"][self.rng.below(3) as usize];
                let m = self.def(format!("and i32 {b}, 31"), "i32");
                (self.def(format!("{op} i32 {an}, {m}"), "i32"), u)
            }
            5 if self.rng.chance(30) => (self.wide_division(&an, &b), u),
            5 => {
                let op = ["udiv", "urem"][self.rng.below(2) as usize];
                if self.rng.chance(50) {
                    // A constant divisor (the multiply-high lowering): any non-zero value, powers of two included.
                    let k = match self.konst() {
                        0 => 1 << self.rng.below(31),
                        k => k,
                    };
                    return (self.def(format!("{op} i32 {an}, {k}"), "i32"), au);
                }
                let d = self.def(format!("or i32 {b}, 1"), "i32");
                (self.def(format!("{op} i32 {an}, {d}"), "i32"), u)
            }
            6 => {
                let op = ["sdiv", "srem"][self.rng.below(2) as usize];
                if self.rng.chance(50) {
                    // A constant divisor, never -1 (INT_MIN / -1 is undefined): +-2..1001 or +-2^k.
                    let m = if self.rng.chance(70) {
                        2 + self.rng.below(1000) as i32
                    } else {
                        1 << (1 + self.rng.below(30))
                    };
                    let k = if self.rng.chance(50) { -m } else { m };
                    return (self.def(format!("{op} i32 {an}, {k}"), "i32"), au);
                }
                let m = self.def(format!("and i32 {b}, 65535"), "i32");
                let d = self.def(format!("or i32 {m}, 1"), "i32");
                (self.def(format!("{op} i32 {an}, {d}"), "i32"), u)
            }
            7 => {
                let p = ["slt", "sgt", "ult", "uge", "eq", "ne"][self.rng.below(6) as usize];
                let c = self.def(format!("icmp {p} i32 {an}, {b}"), "i1");
                (self.def(format!("select i1 {c}, i32 {an}, i32 {b}"), "i32"), u)
            }
            8 => {
                let f = self.flt_var();
                let fu = env[f].uniform;
                let fname = env[f].name.clone();
                (self.def(format!("fptosi float {fname} to i32"), "i32"), fu)
            }
            9 if !self.callees.is_empty() => {
                let callee = self.callees[self.rng.below(self.callees.len() as u32) as usize].clone();
                let f = self.flt_var();
                let fname = env[f].name.clone();
                self.feats.call = true;
                (self.def(format!("call i32 @{callee}(i32 {an}, i32 {b}, float {fname})"), "i32"), false)
            }
            10 if self.rng.chance(40) => {
                // Booleans held in integers (`trunc nuw` of a value that is 0 or 1) combined by logic and
                // extended: the tree isel's `bool-bytes` computes on the integers.
                let x = self.def(format!("and i32 {an}, 1"), "i32");
                let y = self.def(format!("lshr i32 {b}, 31"), "i32");
                let p = self.def(format!("trunc nuw i32 {x} to i1"), "i1");
                let q = self.def(format!("trunc nuw i32 {y} to i1"), "i1");
                let e = match self.rng.below(5) {
                    0 => format!("select i1 {p}, i1 {q}, i1 false"),
                    1 => format!("select i1 {p}, i1 true, i1 {q}"),
                    2 => format!("xor i1 {p}, {q}"),
                    3 => format!("and i1 {p}, {q}"),
                    _ => format!("or i1 {p}, {q}"),
                };
                let mut e = self.def(e, "i1");
                if self.rng.chance(30) {
                    e = self.def(format!("xor i1 {e}, true"), "i1");
                }
                let z = self.def(format!("zext i1 {e} to i32"), "i32");
                (self.def(format!("add i32 {z}, {an}"), "i32"), u)
            }
            10 => {
                let c = self.def(format!("icmp sle i32 {an}, {b}"), "i1");
                let z = self.def(format!("zext i1 {c} to i32"), "i32");
                (self.def(format!("add i32 {z}, {an}"), "i32"), u)
            }
            11 if self.rng.chance(30) => (self.int_idiom(&an, &b), u),
            _ => {
                let k = self.konst();
                (self.def(format!("add i32 {an}, {k}"), "i32"), au)
            }
        }
    }

    /// Integer shapes the MIR peepholes and `reassociate` rewrite: `(a + k) * b` beside `a * b` (the sibling
    /// product), `(a + 1) * b` alone (`mad.lo`), the 64-bit product of two zero- or two sign-extended values
    /// (`mul.wide`), shifts up and back down (in-register extensions, a signed field as `bfe.s32`), and
    /// `a - a % k` rounding toward zero to a multiple of a constant (`reassociate` cancels the `a`s; `srem` by
    /// a power of two is a mask).
    fn int_idiom(&mut self, a: &str, b: &str) -> String {
        if self.rng.chance(20) {
            let op = if self.rng.chance(50) { "srem" } else { "urem" };
            let k = [2, 16, -16, 64, 10, 1000, -7][self.rng.below(7) as usize];
            let r = self.def(format!("{op} i32 {a}, {k}"), "i32");
            return self.def(format!("sub i32 {a}, {r}"), "i32");
        }
        match self.rng.below(4) {
            0 => {
                let k = [1, -1, 3, 1000][self.rng.below(4) as usize];
                let p = self.def(format!("mul i32 {a}, {b}"), "i32");
                let s = self.def(format!("add i32 {a}, {k}"), "i32");
                let q = self.def(format!("mul i32 {b}, {s}"), "i32");
                self.def(format!("xor i32 {p}, {q}"), "i32")
            }
            1 => {
                let s = self.def(format!("add i32 {a}, 1"), "i32");
                self.def(format!("mul i32 {s}, {b}"), "i32")
            }
            2 => {
                let ext = if self.rng.chance(50) { "zext" } else { "sext" };
                let x = self.def(format!("{ext} i32 {a} to i64"), "i64");
                let y = self.def(format!("{ext} i32 {b} to i64"), "i64");
                let m = self.def(format!("mul i64 {x}, {y}"), "i64");
                let h = self.def(format!("lshr i64 {m}, 29"), "i64");
                self.def(format!("trunc i64 {h} to i32"), "i32")
            }
            _ => {
                let (up, down) = [(24, 24), (16, 16), (16, 24), (8, 24), (24, 28)][self.rng.below(5) as usize];
                let shr = if self.rng.chance(60) { "ashr" } else { "lshr" };
                let t = self.def(format!("shl i32 {a}, {up}"), "i32");
                self.def(format!("{shr} i32 {t}, {down}"), "i32")
            }
        }
    }

    /// A 64-bit division or remainder by a run-time divisor (`bypass-slow-division`'s fast and slow paths, and
    /// its short-dividend forms): both operands zero- or sign-extended from i32, the dividend sometimes shifted
    /// left (up to 2^61 in magnitude: never INT64_MIN, so a divisor of -1 is defined), the divisor sometimes
    /// moved above 2^32 and always odd (never zero); sometimes the quotient and the remainder of the same
    /// operands (one shared fast path). The result's two halves are folded into an i32.
    fn wide_division(&mut self, a: &str, b: &str) -> String {
        let ext = |g: &mut Self, v: &str| {
            let e = if g.rng.chance(50) { "zext" } else { "sext" };
            g.def(format!("{e} i32 {v} to i64"), "i64")
        };
        let x0 = ext(self, a);
        let x = if self.rng.chance(40) {
            let k = 1 + self.rng.below(30);
            self.def(format!("shl i64 {x0}, {k}"), "i64")
        } else {
            x0
        };
        let y0 = ext(self, b);
        let y1 = if self.rng.chance(30) { self.def(format!("shl i64 {y0}, 32"), "i64") } else { y0 };
        let y = self.def(format!("or i64 {y1}, 1"), "i64");
        let k = self.rng.below(4) as usize;
        let op = ["udiv", "urem", "sdiv", "srem"][k];
        let mut r = self.def(format!("{op} i64 {x}, {y}"), "i64");
        if self.rng.chance(40) {
            let pair = ["urem", "udiv", "srem", "sdiv"][k];
            let r2 = self.def(format!("{pair} i64 {x}, {y}"), "i64");
            r = self.def(format!("add i64 {r}, {r2}"), "i64");
        }
        let hi = self.def(format!("lshr i64 {r}, 32"), "i64");
        let m = self.def(format!("xor i64 {r}, {hi}"), "i64");
        self.def(format!("trunc i64 {m} to i32"), "i32")
    }

    /// Clamps a float into (-1e6, 1e6); NaN and infinities become 1.0.
    fn tame(&mut self, x: String) -> String {
        let c1 = self.def(format!("fcmp olt float {x}, 1.000000e+06"), "i1");
        let c2 = self.def(format!("fcmp ogt float {x}, -1.000000e+06"), "i1");
        let c = self.def(format!("and i1 {c1}, {c2}"), "i1");
        self.def(format!("select i1 {c}, float {x}, float 1.000000e+00"), "float")
    }

    fn flt_expr(&mut self, env: &Env) -> (String, bool) {
        let a = self.flt_var();
        let b = self.flt_var();
        let (an, bn) = (env[a].name.clone(), env[b].name.clone());
        let u = env[a].uniform && env[b].uniform;
        let x = match self.rng.below(8) {
            0..=2 => {
                let op = ["fadd", "fsub", "fmul"][self.rng.below(3) as usize];
                self.def(format!("{op} float {an}, {bn}"), "float")
            }
            3 => {
                let sq = self.def(format!("fmul float {bn}, {bn}"), "float");
                let d = self.def(format!("fadd float {sq}, 1.000000e+00"), "float");
                self.def(format!("fdiv float {an}, {d}"), "float")
            }
            4 => {
                let i = self.int_var(env);
                let iname = env[i].name.clone();
                let m = self.def(format!("and i32 {iname}, 65535"), "i32");
                let f = self.def(format!("sitofp i32 {m} to float"), "float");
                let r = self.def(format!("fsub float {an}, {f}"), "float");
                return (self.tame(r), u && env[i].uniform);
            }
            5 => {
                // The fast-math `a / sqrtf(b * b + 1)`: `1 / sqrt.approx` is `rsqrt.approx` (isel's
                // `rsqrt-approx`, as llc does), checked against llc's PTX.
                self.decls.insert("declare float @llvm.nvvm.sqrt.approx.f(float) #1");
                let sq = self.def(format!("fmul float {bn}, {bn}"), "float");
                let d = self.def(format!("fadd float {sq}, 1.000000e+00"), "float");
                let r = self.def(format!("call float @llvm.nvvm.sqrt.approx.f(float {d})"), "float");
                let q = self.def(format!("fdiv float 1.000000e+00, {r}"), "float");
                self.def(format!("fmul float {an}, {q}"), "float")
            }
            6 => {
                // A comparison as 0.0 / 1.0 (or -1.0): one select of float constants.
                let c = self.def(format!("fcmp oge float {an}, 0.000000e+00"), "i1");
                let op = if self.rng.chance(50) { "uitofp" } else { "sitofp" };
                let f = self.def(format!("{op} i1 {c} to float"), "float");
                self.def(format!("fadd float {bn}, {f}"), "float")
            }
            _ => {
                let k = [0.5f32, 1.5, -2.0, 3.25, 0.125][self.rng.below(5) as usize] + self.perturb as f32;
                self.def(format!("fmul float {an}, {:.6e}", k as f64), "float")
            }
        };
        (self.tame(x), u)
    }

    /// An i1 condition; returns (name, uniform).
    fn cond(&mut self, env: &Env, allow_divergent: bool) -> (String, bool) {
        let uni: Vec<usize> = (0..NI).filter(|&j| env[j].uniform).collect();
        if !allow_divergent || (!uni.is_empty() && self.rng.chance(30)) {
            // Uniform: on a uniform variable, or a constant-true/false-ish test of one.
            if let Some(&j) = uni.get(self.rng.below(uni.len().max(1) as u32) as usize) {
                let k = self.konst();
                let p = ["slt", "sgt", "eq", "ne"][self.rng.below(4) as usize];
                return (self.def(format!("icmp {p} i32 {}, {k}", env[j].name), "i1"), true);
            }
            if self.is_kernel {
                let k = self.rng.below(64);
                return (self.def(format!("icmp ult i32 %n, {k}"), "i1"), true);
            }
            return (self.def("icmp eq i32 0, 0".into(), "i1"), true);
        }
        match self.rng.below(3) {
            0 if self.is_kernel => {
                let m = [1, 3, 7, 15, 31, 63][self.rng.below(6) as usize];
                let t = self.def(format!("and i32 %tid, {m}"), "i32");
                let k = self.rng.below(m + 1);
                let p = ["eq", "ult", "ugt", "ne"][self.rng.below(4) as usize];
                (self.def(format!("icmp {p} i32 {t}, {k}"), "i1"), false)
            }
            1 => {
                let f = self.flt_var();
                let fname = env[f].name.clone();
                (self.def(format!("fcmp olt float {fname}, 1.000000e+00"), "i1"), env[f].uniform)
            }
            _ if self.rng.chance(25) => {
                // A variable bit test, (x & (C << (y & 31))) ==/!= 0 (bit-test rewrites it to shift x).
                let (x, y) = (self.int_var(env), self.int_var(env));
                let m = self.def(format!("and i32 {}, 31", env[y].name), "i32");
                let c = 1 + self.rng.below(15);
                let s = self.def(format!("shl i32 {c}, {m}"), "i32");
                let t = self.def(format!("and i32 {}, {s}", env[x].name), "i32");
                let p = ["eq", "ne"][self.rng.below(2) as usize];
                (self.def(format!("icmp {p} i32 {t}, 0"), "i1"), env[x].uniform && env[y].uniform)
            }
            _ => {
                let j = self.int_var(env);
                let (b, bu) = self.int_operand(env);
                let p = ["slt", "sgt", "ult", "eq", "ne", "sge"][self.rng.below(6) as usize];
                (self.def(format!("icmp {p} i32 {}, {b}", env[j].name), "i1"), env[j].uniform && bu)
            }
        }
    }

    /// Merges environments flowing into block `into` (made current); phis where names differ.
    fn merge(&mut self, into: usize, preds: &[(String, Env)], uniform_ctl: bool) -> Env {
        self.cur = into;
        let mut out = preds[0].1.clone();
        for j in 0..NI + NF {
            if preds.iter().all(|p| p.1[j] == preds[0].1[j]) {
                continue;
            }
            let r = self.val();
            let ins: Vec<String> = preds.iter().map(|(b, e)| format!("[ {}, %{b} ]", e[j].name)).collect();
            self.blocks[into].phis.push(format!("{r} = phi {} {} ; T:{}", ty_of(j), ins.join(", "), ty_of(j)));
            let uniform = uniform_ctl && preds.iter().all(|p| p.1[j].uniform);
            out[j] = Var { name: r.clone(), uniform };
            if j < NI && preds.len() >= 2 && self.rng.chance(15) {
                out[j] = Var { name: self.poison_twin(into, preds, j, &r), uniform };
            }
        }
        out
    }

    /// Beside the merge phi `r` of integer variable `j`, the shape clang's runtime unrolling leaves: a twin phi
    /// that is `poison` on the first edge and `r`'s value on the others, read only where it is defined
    /// (`select` on a phi saying which edge was taken; the unchosen `poison` operand of a `select` is harmless).
    /// The variable becomes the select: equal to `r` on every path. simplifycfg's redundant-phi rule replaces the
    /// twin by `r`.
    fn poison_twin(&mut self, into: usize, preds: &[(String, Env)], j: usize, r: &str) -> String {
        let (u, came) = (self.val(), self.val());
        let edge = |k: usize, v: &str| format!("[ {v}, %{} ]", preds[k].0);
        let us: Vec<String> =
            (0..preds.len()).map(|k| if k == 0 { edge(0, "poison") } else { edge(k, &preds[k].1[j].name) }).collect();
        let cs: Vec<String> = (0..preds.len()).map(|k| edge(k, if k == 0 { "false" } else { "true" })).collect();
        self.blocks[into].phis.push(format!("{u} = phi i32 {} ; T:i32", us.join(", ")));
        self.blocks[into].phis.push(format!("{came} = phi i1 {} ; T:i1", cs.join(", ")));
        self.def(format!("select i1 {came}, i32 {u}, i32 {r}"), "i32")
    }

    /// Statements while the budget lasts; `converged`: all threads of the CTA are here together.
    fn stmts(&mut self, env: &mut Env, depth: u32, converged: bool) {
        let n = 1 + self.rng.below(4);
        for _ in 0..n {
            if self.budget <= 0 {
                return;
            }
            self.budget -= 1;
            self.stmt(env, depth, converged);
        }
    }

    fn stmt(&mut self, env: &mut Env, depth: u32, converged: bool) {
        let converged = converged && !self.diverged_exit;
        let nested = depth < 3;
        if self.is_kernel && converged && depth == 0 && self.rng.chance(12) {
            // Converged top-level points are where shuffles and barriers may go: use them more often.
            return if self.rng.chance(50) { self.shared_exchange(env) } else { self.shuffle(env) };
        }
        match self.rng.below(20) {
            0..=4 => {
                if self.rng.chance(70) {
                    let j = self.int_var(env);
                    let (v, u) = self.int_expr(env);
                    env[j] = Var { name: v, uniform: u };
                } else {
                    let j = self.flt_var();
                    let (v, u) = self.flt_expr(env);
                    env[j] = Var { name: v, uniform: u };
                }
            }
            5 => {
                // Swap two variables of one type: swap-shaped phis downstream.
                let (a, b) = if self.rng.chance(70) { (self.int_var(env), self.int_var(env)) } else { (NI, NI + 1) };
                env.swap(a, b);
            }
            6..=8 if nested => self.if_else(env, depth, converged),
            9 if nested => self.switch(env, depth, converged),
            // A call for nothing: the call stays (the callee is not known pure), its result register is dead.
            11 if !self.callees.is_empty() && self.rng.chance(30) => {
                let callee = self.callees[self.rng.below(self.callees.len() as u32) as usize].clone();
                let (a, _) = self.int_operand(env);
                let f = self.flt_var();
                self.feats.call = true;
                self.emit(format!("call i32 @{callee}(i32 {a}, i32 {a}, float {})", env[f].name));
            }
            10..=12 if nested => self.loop_(env, depth, converged),
            // Leaving a converged loop body is only allowed from a converged point (under a uniform condition):
            // a uniform condition inside a divergent branch is still taken by some threads only.
            13 if self.loops.last().is_some_and(|l| !l.converged_body || converged) => self.loop_exit(env),
            14 if self.is_kernel && depth > 0 && (converged || !self.loops.iter().any(|l| l.converged_body)) => {
                self.early_return(env, converged)
            }
            15 if self.is_kernel && converged => self.shared_exchange(env),
            16 if self.is_kernel && converged => self.shuffle(env),
            17 if self.is_kernel => self.local_array(env),
            18 if self.is_kernel && nested => self.guarded_read(env),
            19 if self.is_kernel && self.rng.chance(50) => {
                // Outside a loop (where lsr would take the addresses): isel splits them.
                let j = self.int_var(env);
                let small = self.def(format!("and i32 {}, 7", env[j].name), "i32");
                self.signed_terms_walk(env, &small);
            }
            19 if self.is_kernel && self.rng.chance(50) => self.chained_segments(env),
            19 if self.is_kernel && self.rng.chance(30) => self.hoisted_tests(env),
            19 if self.is_kernel => self.index_sum(env),
            _ => {
                let j = self.int_var(env);
                let (v, u) = self.int_expr(env);
                env[j] = Var { name: v, uniform: u };
            }
        }
    }

    /// `v = c ? in[x & 255] : k`: a load in the one arm of a (maybe divergent) branch, merged with a default (a
    /// variable or a constant) — what `ifconvert` predicates into a guarded load and a select, and
    /// `guarded-select` then turns into `mov v, k; @p ld v`. Or, one time in four, the merge takes `undef` from
    /// the skipping edge (clang's `if (c) x = in[..];`) and the variable becomes `select c, phi, k`: the
    /// undefined value is never chosen, whatever register (or none) `undef` leaves it in.
    fn guarded_read(&mut self, env: &mut Env) {
        let (c, cu) = self.cond(env, true);
        if !cu {
            self.feats.divergent_branch = true;
        }
        let (ld, join) = (self.new_block("gread"), self.new_block("gjoin"));
        let (ldn, joinn) = (self.name(ld), self.name(join));
        let (x, _) = self.int_operand(env);
        let k = if self.rng.chance(50) { env[self.int_var(env)].name.clone() } else { self.rng.below(100).to_string() };
        let load_on_true = self.rng.chance(50);
        let (taken, other) = if load_on_true { (&ldn, &joinn) } else { (&joinn, &ldn) };
        self.term(format!("br i1 {c}, label %{taken}, label %{other}"));
        let from = self.name(self.cur);
        self.cur = ld;
        let m = self.def(format!("and i32 {x}, {}", IN_LEN - 1), "i32");
        let (_, v) = self.load_in("zext", &m);
        self.term(format!("br label %{joinn}"));
        self.cur = join;
        let r = if self.rng.chance(25) {
            let u = self.def(format!("phi i32 [ {v}, %{ldn} ], [ undef, %{from} ]"), "i32");
            let (t, f) = if load_on_true { (&u, &k) } else { (&k, &u) };
            self.def(format!("select i1 {c}, i32 {t}, i32 {f}"), "i32")
        } else {
            self.def(format!("phi i32 [ {v}, %{ldn} ], [ {k}, %{from} ]"), "i32")
        };
        let j = self.int_var(env);
        env[j] = Var { name: r, uniform: false };
    }

    fn if_else(&mut self, env: &mut Env, depth: u32, converged: bool) {
        let (c, cu) = self.cond(env, true);
        if !cu {
            self.feats.divergent_branch = true;
        }
        let no_else = self.rng.chance(25);
        let t = self.new_block("then");
        let e = if no_else { None } else { Some(self.new_block("else")) };
        let m = self.new_block("endif");
        let (tn, mn) = (self.name(t), self.name(m));
        let en = e.map(|e| self.name(e)).unwrap_or_default();
        self.term(format!("br i1 {c}, label %{tn}, label %{}", if e.is_none() { &mn } else { &en }));
        let from = self.name(self.cur);
        let inner = converged && cu;
        let similar = self.rng.chance(40);
        let saved = self.rng.clone();
        self.cur = t;
        let mut te = env.clone();
        self.stmts(&mut te, depth + 1, inner);
        self.term(format!("br label %{mn}"));
        let tend = self.name(self.cur);
        let mut preds = vec![(tend, te)];
        match e {
            None => preds.push((from, env.clone())),
            Some(e) => {
                if similar {
                    // The same shape on both sides (other constants): melding candidates for DARM.
                    *self.rng = saved;
                    self.perturb += 1;
                }
                self.cur = e;
                let mut ee = env.clone();
                self.stmts(&mut ee, depth + 1, inner);
                if similar {
                    self.perturb -= 1;
                }
                self.term(format!("br label %{mn}"));
                preds.push((self.name(self.cur), ee));
            }
        }
        let before = env.clone();
        *env = self.merge(m, &preds, cu);
        if self.rng.chance(30) {
            // A variable's value from before the branch read after the merge whose phi replaced it: the phi and
            // its operand interfere (a copy `cssa` must place, not coalesce).
            if let Some(j) = (0..NI).find(|&j| env[j] != before[j]) {
                let k = self.int_var(env);
                let t = self.def(format!("xor i32 {}, {}", env[j].name, before[j].name), "i32");
                env[k] = Var { name: t, uniform: false };
            }
        }
    }

    fn switch(&mut self, env: &mut Env, depth: u32, converged: bool) {
        self.feats.switch = true;
        let j = self.int_var(env);
        let cu = env[j].uniform;
        if !cu {
            self.feats.divergent_branch = true;
        }
        let s = self.def(format!("and i32 {}, 3", env[j].name), "i32");
        let ncase = 2 + self.rng.below(2);
        let d = self.new_block("default");
        let cases: Vec<usize> = (0..ncase).map(|_| self.new_block("case")).collect();
        let m = self.new_block("endsw");
        let mn = self.name(m);
        let arms: Vec<String> =
            cases.iter().enumerate().map(|(i, &b)| format!("i32 {i}, label %{}", self.blocks[b].name)).collect();
        self.term(format!("switch i32 {s}, label %{} [ {} ]", self.name(d), arms.join(" ")));
        let mut preds = vec![];
        for b in std::iter::once(d).chain(cases) {
            self.cur = b;
            let mut e = env.clone();
            self.stmts(&mut e, depth + 1, converged && cu);
            self.term(format!("br label %{mn}"));
            preds.push((self.name(self.cur), e));
        }
        *env = self.merge(m, &preds, cu);
    }

    fn loop_(&mut self, env: &mut Env, depth: u32, converged: bool) {
        let divergent_bound = self.rng.chance(50);
        let bound = if divergent_bound {
            let j = self.int_var(env);
            let m = self.def(format!("and i32 {}, 7", env[j].name), "i32");
            let b = self.def(format!("add i32 {m}, 1"), "i32");
            (b, env[j].uniform)
        } else {
            ((1 + self.rng.below(5)).to_string(), true)
        };
        let (bound, bu) = bound;
        let bottom = self.rng.chance(50);
        // A bottom-tested loop may test `i.next != bound` (equivalent: `i` counts up from its start by 1 and
        // `bound >= 1`), and in a kernel may start at a divergent `gid & 3` and run to `start + (n & 7) + 1` (the
        // same trip count for every thread): `lsr`'s count-down and uniform-trip counters. The start keeps `in[]` indices of the
        // walks below in range (at most 3 + 7).
        let ne_test = bottom && self.rng.chance(35);
        // A longer constant trip count (6..=12: `lsr` gives such loops IVs, and a counter between constants is
        // what its test replacement moves onto a pointer IV); the walks below stay in range (`i <= 11`).
        let bound = if ne_test && !divergent_bound && self.rng.chance(50) {
            (6 + self.rng.below(7)).to_string()
        } else {
            bound
        };
        let (start, test_bound) = if ne_test && self.is_kernel && self.rng.chance(50) {
            // A uniform trip count that is not a constant: `(n & 7) + 1` from the kernel's `%n`.
            let s0 = self.def("and i32 %gid, 3".into(), "i32");
            let m = self.def("and i32 %n, 7".into(), "i32");
            let u = self.def(format!("add i32 {m}, 1"), "i32");
            let k = self.def(format!("add i32 {s0}, {u}"), "i32");
            (s0, k)
        } else {
            ("0".to_string(), bound.clone())
        };
        let divergent_start = start != "0";
        let pre = self.name(self.cur);
        let (h, body, latch, exit) =
            (self.new_block("loop"), self.new_block("body"), self.new_block("latch"), self.new_block("exit"));
        let (hn, bn, ln, xn) = (self.name(h), self.name(body), self.name(latch), self.name(exit));
        self.term(format!("br label %{hn}"));
        self.cur = h;
        let iv = self.val();
        let mut henv = env.clone();
        for (j, v) in henv.iter_mut().enumerate() {
            // Not uniform: the latch value is not known yet and may be divergent.
            *v = Var { name: format!("%h{}_{j}", self.next_blk), uniform: false };
        }
        // Header phis are completed once the latch environment is known.
        let hphis_at = self.blocks[h].phis.len();
        // A converged loop may only be left uniformly; otherwise it may be left divergently.
        let inner_conv = converged && bu && !divergent_start && self.rng.chance(50);
        if bottom {
            self.term(format!("br label %{bn}"));
        } else {
            let c = self.def(format!("icmp slt i32 {iv}, {bound}"), "i1");
            self.term(format!("br i1 {c}, label %{bn}, label %{xn}"));
        }
        self.loops.push(LoopCtx {
            exit: xn.clone(),
            latch: ln.clone(),
            breaks: vec![],
            continues: vec![],
            converged_body: inner_conv,
        });
        self.cur = body;
        let mut benv = henv.clone();
        if self.is_kernel && self.rng.chance(60) {
            self.affine_walk(&mut benv, &iv);
        }
        // The body's own uniformity: a divergent loop makes everything inside divergent for barriers.
        self.stmts(&mut benv, depth + 1, inner_conv);
        self.term(format!("br label %{ln}"));
        let bend = self.name(self.cur);
        let ctx = self.loops.pop().expect("loop context");
        let mut lpreds = vec![(bend, benv)];
        lpreds.extend(ctx.continues.iter().cloned());
        let mut lenv = self.merge(latch, &lpreds, bu && ctx.continues.is_empty());
        // `nsw`: the IV counts up to at most 8 (and `lsr` widens only recurrences that provably do not wrap).
        let inext = self.def(format!("add nsw i32 {iv}, 1"), "i32");
        if self.rng.chance(40) {
            // The old IV read after the increment (`s += i++`): the `update-sink` shape.
            let j = self.int_var(&lenv);
            let t = self.def(format!("add i32 {}, {iv}", lenv[j].name), "i32");
            lenv[j] = Var { name: t, uniform: false };
        }
        let mut xpreds = ctx.breaks.clone();
        if bottom {
            let c = if ne_test {
                self.def(format!("icmp ne i32 {inext}, {test_bound}"), "i1")
            } else {
                self.def(format!("icmp slt i32 {inext}, {bound}"), "i1")
            };
            self.term(format!("br i1 {c}, label %{hn}, label %{xn}"));
            xpreds.push((ln.clone(), lenv.clone()));
        } else {
            self.term(format!("br label %{hn}"));
            xpreds.push((hn.clone(), henv.clone()));
        }
        if !bu {
            self.feats.divergent_loop_exit = true;
        }
        let mut phis = vec![format!("{iv} = phi i32 [ {start}, %{pre} ], [ {inext}, %{ln} ] ; T:i32")];
        for j in 0..NI + NF {
            phis.push(format!(
                "{} = phi {} [ {}, %{pre} ], [ {}, %{ln} ] ; T:{}",
                henv[j].name,
                ty_of(j),
                env[j].name,
                lenv[j].name,
                ty_of(j)
            ));
        }
        self.blocks[h].phis.splice(hphis_at..hphis_at, phis);
        let uniform_exit = bu && ctx.breaks.is_empty();
        let mut out = self.merge(exit, &xpreds, uniform_exit);
        if bottom && self.rng.chance(60) {
            // Lost-copy shape: the header's value (before the last update) is used after the loop.
            let j = self.int_var(&out);
            out[j] = Var { name: henv[j].name.clone(), uniform: henv[j].uniform && uniform_exit };
        }
        *env = out;
    }

    /// `in[c + iv * s]` (or `in[(gid & 127) + iv * s]`) accumulated into a variable: an address affine in the
    /// loop's induction variable, what `lsr` strength-reduces. In range: `iv < 8`, `s <= 4`, `c <= 200`.
    fn affine_walk(&mut self, env: &mut Env, iv: &str) {
        let s = 1 + self.rng.below(4);
        let scaled = self.def(format!("mul nsw i32 {iv}, {s}"), "i32");
        if self.rng.chance(20) {
            return self.signed_terms_walk(env, &scaled);
        }
        let idx = if self.rng.chance(50) {
            let g = self.def("and i32 %gid, 127".into(), "i32");
            self.def(format!("add nsw i32 {g}, {scaled}"), "i32")
        } else {
            let c = self.rng.below(201);
            // Sometimes without `nsw` (the sum stays small and non-negative): what `gep-inbounds-nonneg` and
            // the `zext nneg` form split without a no-wrap flag.
            let nsw = if self.rng.chance(35) { "" } else { "nsw " };
            self.def(format!("add {nsw}i32 {scaled}, {c}"), "i32")
        };
        let ext = if self.rng.chance(25) { "zext nneg" } else { "sext" };
        let (p, mut v) = self.load_in(ext, &idx);
        if self.rng.chance(50) {
            // A neighbour of the same walk (`in[idx + 1]`, in range: idx <= 200 + 44 with a start of at most 3 or a trip count of at most 12): a
            // group of two roots.
            let q = self.def(format!("getelementptr inbounds i32, ptr {p}, i64 1"), "ptr");
            let v2 = self.def(format!("load i32, ptr {q}, align 4"), "i32");
            v = self.def(format!("xor i32 {v}, {v2}"), "i32");
        }
        self.fold_into_var(env, &v);
    }

    /// Two loads `in[(4d | K) + (scaled + 70)]`, K = 1 and 3 (`d = (gid & 31) - 16`, so the terms are negative
    /// for half the threads; `scaled` in `0..=32`, indices in `7..=165`), each index `sext` of its own `nsw` add
    /// tree with its own `shl` (sometimes the first `nsw`) and the constants inside the tree, not on its top add
    /// (clang's unrolled `a[(j << 10 | K) + i]`): the shape isel's `gep-signed-terms` splits into one base; then
    /// `in[100 - d]` and `in[102 - d]` (indices in `85..=118`), which `gep-const-offset` splits as `c - sext d`.
    fn signed_terms_walk(&mut self, env: &mut Env, scaled: &str) {
        let g = self.def("and i32 %gid, 31".into(), "i32");
        let d = self.def(format!("sub nsw i32 {g}, 16"), "i32");
        let t = self.def(format!("add nsw i32 {scaled}, 70"), "i32");
        let mut v = String::new();
        for (k, c) in [1, 3].into_iter().enumerate() {
            // Mostly without `nsw` (the shape of clang's unrolled copies): lsr cannot widen the index then, and
            // isel splits it; with `nsw` on one copy, lsr takes that one.
            let flag = if k == 0 && self.rng.chance(20) { "nsw " } else { "" };
            let sh = self.def(format!("shl {flag}i32 {d}, 2"), "i32");
            let o = self.def(format!("or disjoint i32 {sh}, {c}"), "i32");
            let ix = self.def(format!("add nsw i32 {o}, {t}"), "i32");
            let (_, x) = self.load_in("sext", &ix);
            v = if v.is_empty() { x } else { self.def(format!("xor i32 {v}, {x}"), "i32") };
        }
        // And `in[c - d]` for c = 100, 102 (`sub nsw` of a constant and a variable: `c - sext d`).
        for c in [100, 102] {
            let ix = self.def(format!("sub nsw i32 {c}, {d}"), "i32");
            let (_, x) = self.load_in("sext", &ix);
            v = self.def(format!("xor i32 {v}, {x}"), "i32");
        }
        self.fold_into_var(env, &v);
    }

    /// `in[x]` and `in[x + y]` in one block (`x = gid & 63`, `y = v & 63`, the sum an `add nuw`, widened by
    /// `zext`, or `sext` of an `add nsw`): `gep-reassociate` addresses the second from the first.
    fn index_sum(&mut self, env: &mut Env) {
        let j = self.int_var(env);
        let x = self.def("and i32 %gid, 63".into(), "i32");
        let y = self.def(format!("and i32 {}, 63", env[j].name), "i32");
        let (ext, flag) = if self.rng.chance(50) { ("zext", "nuw") } else { ("sext", "nsw") };
        let (_, a) = self.load_in(ext, &x);
        let s = if self.rng.chance(50) {
            self.def(format!("add {flag} i32 {x}, {y}"), "i32")
        } else {
            self.def(format!("add {flag} i32 {y}, {x}"), "i32")
        };
        let (_, b) = self.load_in(ext, &s);
        let v = self.def(format!("sub i32 {a}, {b}"), "i32");
        self.fold_into_var(env, &v);
    }

    /// Eight to eleven tests of one variable computed once (`x < k`, `x == k`, ...: clang's LICM hoists a loop's
    /// invariant tests like this), then a counted loop of three iterations whose body adds each test's constant
    /// under its predicate: more predicates live through the loop than SASS's seven (`sink-compares`' input).
    fn hoisted_tests(&mut self, env: &mut Env) {
        let j = self.int_var(env);
        let (x, xu) = (env[j].name.clone(), env[j].uniform);
        let n = 8 + self.rng.below(4);
        let mut tests = Vec::new();
        for _ in 0..n {
            let op = ["slt", "ult", "eq", "sgt", "ne"][self.rng.below(5) as usize];
            let k = self.konst();
            tests.push((self.def(format!("icmp {op} i32 {x}, {k}"), "i1"), self.konst()));
        }
        let (a, au) = self.int_operand(env);
        let (body, exit) = (self.new_block("tests"), self.new_block("tests.end"));
        let (from, bn) = (self.name(self.cur), self.name(body));
        self.term(format!("br label %{bn}"));
        self.cur = body;
        let (i, acc) = (self.val(), self.val());
        let mut v = acc.clone();
        for (t, k) in tests {
            let w = self.def(format!("add i32 {v}, {k}"), "i32");
            v = self.def(format!("select i1 {t}, i32 {w}, i32 {v}"), "i32");
        }
        let next = self.def(format!("add nuw nsw i32 {i}, 1"), "i32");
        let more = self.def(format!("icmp ult i32 {next}, 3"), "i1");
        self.blocks[body].phis.push(format!("{i} = phi i32 [ 0, %{from} ], [ {next}, %{bn} ] ; T:i32"));
        self.blocks[body].phis.push(format!("{acc} = phi i32 [ {a}, %{from} ], [ {v}, %{bn} ] ; T:i32"));
        self.term(format!("br i1 {more}, label %{bn}, label %{}", self.name(exit)));
        self.cur = exit;
        env[j] = Var { name: v, uniform: xu && au };
    }

    /// Consecutive segments of `in` of a run-time length `s = (v & 31) + 1`, each segment's start a `gep` of the
    /// previous one (`p1 = in + s`, `p2 = p1 + s`, `p3 = p2 + s`: how CUDA code carves one shared buffer into
    /// `a`, `b`, `c` arrays of `n + 1` elements), read at `p1[k]`, `p2[0]` and `p3[k]` (`k = gid & 31`; indices
    /// below `3 * 32 + 32`, in bounds). After isel each start is the previous one plus `4 * s` written as
    /// `(x + 4 * v') + 4`: nested `x + k` nodes that `reassociate`'s address trees look through.
    fn chained_segments(&mut self, env: &mut Env) {
        let j = self.int_var(env);
        let m = self.def(format!("and i32 {}, 31", env[j].name), "i32");
        let st = self.def(format!("add nsw i32 {m}, 1"), "i32");
        let w = self.def(format!("sext i32 {st} to i64"), "i64");
        let p1 = self.def(format!("getelementptr inbounds i32, ptr %in, i64 {w}"), "ptr");
        let p2 = self.def(format!("getelementptr inbounds i32, ptr {p1}, i64 {w}"), "ptr");
        let p3 = self.def(format!("getelementptr inbounds i32, ptr {p2}, i64 {w}"), "ptr");
        let k = self.def("and i32 %gid, 31".into(), "i32");
        let kw = self.def(format!("zext nneg i32 {k} to i64"), "i64");
        let mut v = self.def(format!("load i32, ptr {p2}, align 4"), "i32");
        for p in [p1, p3] {
            let q = self.def(format!("getelementptr inbounds i32, ptr {p}, i64 {kw}"), "ptr");
            let x = self.def(format!("load i32, ptr {q}, align 4"), "i32");
            v = self.def(format!("xor i32 {v}, {x}"), "i32");
        }
        let t = self.int_var(env);
        env[t] = Var { name: v, uniform: false };
    }

    /// One of the kernel's two scoped arrays (`%sa0`, `%sa1`) alive only here (`llvm.lifetime.start`/`end`):
    /// two slots written, one of them read back. Scoped arrays used one after the other have disjoint lifetimes,
    /// so isel's `stack-coloring` may give them one slot.
    fn scoped_array(&mut self, env: &mut Env) {
        self.decls.insert("declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1");
        self.decls.insert("declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1");
        let sa = format!("%sa{}", self.rng.below(2));
        let (a, b) = (self.int_var(env), self.int_var(env));
        let bytes = 4 * ARR;
        self.emit(format!("call void @llvm.lifetime.start.p0(i64 {bytes}, ptr {sa})"));
        let i = self.def(format!("and i32 {}, {}", env[a].name, ARR - 1), "i32");
        let i1 = self.def(format!("add i32 {i}, 1"), "i32");
        let i1 = self.def(format!("and i32 {i1}, {}", ARR - 1), "i32");
        for (k, v) in [(&i, env[b].name.clone()), (&i1, env[a].name.clone())] {
            let w = self.def(format!("zext i32 {k} to i64"), "i64");
            let p = self.def(format!("getelementptr inbounds [{ARR} x i32], ptr {sa}, i64 0, i64 {w}"), "ptr");
            self.emit(format!("store i32 {v}, ptr {p}, align 4"));
        }
        // Read back one of the two written slots: `i + (b & 1)`.
        let (c, _) = self.int_operand(env);
        let bit = self.def(format!("and i32 {c}, 1"), "i32");
        let j = self.def(format!("add i32 {i}, {bit}"), "i32");
        let j = self.def(format!("and i32 {j}, {}", ARR - 1), "i32");
        let w = self.def(format!("zext i32 {j} to i64"), "i64");
        let p = self.def(format!("getelementptr inbounds [{ARR} x i32], ptr {sa}, i64 0, i64 {w}"), "ptr");
        let r = self.def(format!("load i32, ptr {p}, align 4"), "i32");
        self.emit(format!("call void @llvm.lifetime.end.p0(i64 {bytes}, ptr {sa})"));
        let t = self.int_var(env);
        env[t] = Var { name: r, uniform: false };
    }

    fn loop_exit(&mut self, env: &mut Env) {
        let allow_div = !self.loops.last().is_some_and(|l| l.converged_body);
        let (c, cu) = self.cond(env, allow_div);
        let (x, cont) = (self.new_block("leave"), self.new_block("stay"));
        let (xn, cn) = (self.name(x), self.name(cont));
        self.term(format!("br i1 {c}, label %{xn}, label %{cn}"));
        let is_break = self.rng.chance(60);
        let l = self.loops.last_mut().expect("inside a loop");
        let target = if is_break { l.exit.clone() } else { l.latch.clone() };
        if is_break {
            l.breaks.push((xn.clone(), env.clone()));
        } else {
            l.continues.push((xn.clone(), env.clone()));
        }
        if !cu {
            self.feats.divergent_loop_exit = true;
            self.feats.divergent_branch = true;
        }
        self.blocks[x].term = Some(format!("br label %{target}"));
        self.cur = cont;
    }

    fn store_outputs(&mut self, env: &Env) {
        let k = NI + NF;
        // `nuw`: `gid * 6 + j` stays far below 2^32; it lets `load-store-vectorize` see `out[6 * gid + j]` as one
        // base plus constant offsets.
        let base = if self.early_out_base { String::new() } else { self.def(format!("mul nuw i32 %gid, {k}"), "i32") };
        for (j, v) in env.iter().enumerate() {
            let val = if j < NI { v.name.clone() } else { self.def(format!("bitcast float {} to i32", v.name), "i32") };
            if self.early_out_base {
                let p = self.def(format!("getelementptr inbounds i32, ptr %obase, i64 {j}"), "ptr");
                self.emit(format!("store i32 {val}, ptr {p}, align 4"));
                continue;
            }
            let idx = self.def(format!("add nuw i32 {base}, {j}"), "i32");
            let w = self.def(format!("zext i32 {idx} to i64"), "i64");
            let p = self.def(format!("getelementptr inbounds i32, ptr %out, i64 {w}"), "ptr");
            self.emit(format!("store i32 {val}, ptr {p}, align 4"));
        }
    }

    fn early_return(&mut self, env: &mut Env, converged: bool) {
        let allow_div = !self.loops.iter().any(|l| l.converged_body);
        let (c, cu) = self.cond(env, allow_div);
        let (x, cont) = (self.new_block("ret"), self.new_block("go"));
        let (xn, cn) = (self.name(x), self.name(cont));
        self.term(format!("br i1 {c}, label %{xn}, label %{cn}"));
        self.cur = x;
        self.store_outputs(env);
        self.term("ret void".into());
        if !cu || !converged {
            self.diverged_exit = true;
            self.feats.early_return = true;
            self.feats.divergent_branch = true;
        }
        self.cur = cont;
    }

    fn barrier(&mut self) {
        self.decls.insert("declare void @llvm.nvvm.barrier0() #0");
        self.emit("call void @llvm.nvvm.barrier0()".into());
        self.feats.barrier = true;
    }

    fn shared_exchange(&mut self, env: &mut Env) {
        let bs = self.block_size;
        let sh = "ptr addrspacecast (ptr addrspace(3) @sh to ptr)";
        let j = self.int_var(env);
        let k = 1 + self.rng.below(bs - 1);
        // With `k % 4 >= 2` only threads below `k` write their slot, in a block of their own, and only those whose
        // neighbour slot was written read it, in another: the shared array's address is then needed in two blocks
        // neither of which dominates the other, what `shared-addr-once` reads once.
        let guarded = k % 4 >= 2;
        self.barrier();
        let w = self.def("zext i32 %tid to i64".into(), "i64");
        let store_join = if guarded {
            self.feats.divergent_branch = true;
            let (st, join) = (self.new_block("shstore"), self.new_block("shsync"));
            let c = self.def(format!("icmp ult i32 %tid, {k}"), "i1");
            self.term(format!("br i1 {c}, label %{}, label %{}", self.name(st), self.name(join)));
            self.cur = st;
            Some(join)
        } else {
            None
        };
        let p = self.def(format!("getelementptr inbounds [{bs} x i32], {sh}, i64 0, i64 {w}"), "ptr");
        self.emit(format!("store i32 {}, ptr {p}, align 4", env[j].name));
        // The atomic's old value would need a phi at the join: not under the guard (the draw is kept).
        if self.rng.chance(40) && !guarded {
            self.own_slot_atomic(env, &p);
        }
        if let Some(join) = store_join {
            self.term(format!("br label %{}", self.name(join)));
            self.cur = join;
        }
        self.barrier();
        let idx = if self.rng.chance(50) {
            let a = self.def(format!("add i32 %tid, {k}"), "i32");
            self.def(format!("and i32 {a}, {}", bs - 1), "i32")
        } else {
            self.def(format!("xor i32 %tid, {}", k & (bs - 1)), "i32")
        };
        if k % 2 == 1 {
            // The index also read before its address (a butterfly's `ixj > tid` test): `split-index` input.
            // Whether, and which variable, follow from `k`: no extra draw.
            let u = (k as usize / 2) % NI;
            let s = self.def(format!("add i32 {}, {idx}", env[u].name), "i32");
            env[u] = Var { name: s, uniform: false };
        }
        let t = self.int_var(env);
        let read_join = if guarded {
            let (rd, join) = (self.new_block("shread"), self.new_block("shjoin"));
            let c = self.def(format!("icmp ult i32 {idx}, {k}"), "i1");
            self.term(format!("br i1 {c}, label %{}, label %{}", self.name(rd), self.name(join)));
            let from = self.name(self.cur);
            self.cur = rd;
            Some((from, rd, join))
        } else {
            None
        };
        let w2 = self.def(format!("zext i32 {idx} to i64"), "i64");
        let p2 = self.def(format!("getelementptr inbounds [{bs} x i32], {sh}, i64 0, i64 {w2}"), "ptr");
        let mut r = self.def(format!("load i32, ptr {p2}, align 4"), "i32");
        if let Some((from, rd, join)) = read_join {
            let rdn = self.name(rd);
            self.term(format!("br label %{}", self.name(join)));
            self.cur = join;
            r = self.def(format!("phi i32 [ {r}, %{rdn} ], [ {}, %{from} ]", env[t].name), "i32");
        }
        env[t] = Var { name: r, uniform: false };
    }

    /// An atomic read-modify-write of the thread's own shared slot `p` (only it touches the slot before the next
    /// barrier, so the old value and the result are deterministic): `add`/`xor`/`max`/`umin`/`xchg`, `monotonic` or
    /// `seq_cst`, the old value read or not (unread: PTX `red`, except `xchg`, which has none).
    fn own_slot_atomic(&mut self, env: &mut Env, p: &str) {
        self.feats.atomic = true;
        let op = ["add", "xor", "max", "umin", "xchg"][self.rng.below(5) as usize];
        let order = if self.rng.chance(50) { "monotonic" } else { "seq_cst" };
        let v = env[self.int_var(env)].name.clone();
        let old = self.def(format!("atomicrmw {op} ptr {p}, i32 {v} {order}, align 4"), "i32");
        if self.rng.chance(60) {
            let t = self.int_var(env);
            let s = self.def(format!("add i32 {}, {old}", env[t].name), "i32");
            env[t] = Var { name: s, uniform: false };
        }
    }

    fn shuffle(&mut self, env: &mut Env) {
        self.feats.shuffle = true;
        if self.rng.chance(25) {
            let (c, _) = self.cond(env, true);
            let r = if self.rng.chance(50) {
                self.decls.insert("declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #0");
                self.def(format!("call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 {c})"), "i32")
            } else {
                self.decls.insert("declare i1 @llvm.nvvm.vote.any.sync(i32, i1) #0");
                let b = self.def(format!("call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 {c})"), "i1");
                self.def(format!("zext i1 {b} to i32"), "i32")
            };
            let t = self.int_var(env);
            let x = self.def(format!("xor i32 {}, {r}", env[t].name), "i32");
            env[t] = Var { name: x, uniform: false };
            return;
        }
        let mode = ["bfly", "idx", "down", "up"][self.rng.below(4) as usize];
        let float = self.rng.chance(30);
        let (ty, sfx) = if float { ("float", "f32") } else { ("i32", "i32") };
        let j = if float { self.flt_var() } else { self.int_var(env) };
        let lane = if mode == "idx" && self.rng.chance(50) {
            let s = self.int_var(env);
            self.def(format!("and i32 {}, 31", env[s].name), "i32")
        } else {
            (1 << self.rng.below(5)).to_string()
        };
        let c = if mode == "up" { 0 } else { 31 };
        let decl: &'static str = match (mode, float) {
            ("bfly", false) => "declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #0",
            ("idx", false) => "declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32) #0",
            ("down", false) => "declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32) #0",
            ("up", false) => "declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32) #0",
            ("bfly", true) => "declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32) #0",
            ("idx", true) => "declare float @llvm.nvvm.shfl.sync.idx.f32(i32, float, i32, i32) #0",
            ("down", true) => "declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32) #0",
            _ => "declare float @llvm.nvvm.shfl.sync.up.f32(i32, float, i32, i32) #0",
        };
        self.decls.insert(decl);
        let r = self.def(
            format!("call {ty} @llvm.nvvm.shfl.sync.{mode}.{sfx}(i32 -1, {ty} {}, i32 {lane}, i32 {c})", env[j].name),
            ty,
        );
        env[j] = Var { name: r, uniform: false };
    }

    fn local_array(&mut self, env: &mut Env) {
        self.feats.local_array = true;
        if self.rng.chance(60) {
            return self.scoped_array(env);
        }
        let (a, b) = (self.int_var(env), self.int_var(env));
        let i = self.def(format!("and i32 {}, {}", env[a].name, ARR - 1), "i32");
        if self.rng.chance(50) {
            // The masked index is also read as a value before its address: `split-index`'s input.
            let u = self.int_var(env);
            let x = self.def(format!("xor i32 {}, {i}", env[u].name), "i32");
            env[u] = Var { name: x, uniform: false };
        }
        let w = self.def(format!("zext i32 {i} to i64"), "i64");
        let p = self.def(format!("getelementptr inbounds [{ARR} x i32], ptr %arr, i64 0, i64 {w}"), "ptr");
        self.emit(format!("store i32 {}, ptr {p}, align 4", env[b].name));
        let (c, _) = self.int_operand(env);
        let i2 = self.def(format!("and i32 {c}, {}", ARR - 1), "i32");
        let w2 = self.def(format!("zext i32 {i2} to i64"), "i64");
        let p2 = self.def(format!("getelementptr inbounds [{ARR} x i32], ptr %arr, i64 0, i64 {w2}"), "ptr");
        let r = self.def(format!("load i32, ptr {p2}, align 4"), "i32");
        let t = self.int_var(env);
        env[t] = Var { name: r, uniform: false };
    }

    fn print(&self, out: &mut String) {
        for b in &self.blocks {
            let _ = writeln!(out, "{}:", b.name);
            for l in b.phis.iter().chain(&b.insts) {
                let _ = writeln!(out, "  {l}");
            }
            let _ = writeln!(out, "  {}", b.term.as_deref().unwrap_or("unreachable"));
        }
    }
}

/// Generates the program of `seed`.
pub(crate) fn generate(seed: u64) -> Program {
    let mut rng = Rng::new(seed);
    let mut feats = Features::default();
    let mut decls = BTreeSet::new();
    let block_size = [32u32, 64, 128][rng.below(3) as usize];
    let grid = 1 + rng.below(2);
    let nfuncs = rng.below(3);
    let mut text = String::new();
    let _ = writeln!(text, "; simtc fuzz-diff program, seed {seed:#x}");
    text.push_str("target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n");
    text.push_str("target triple = \"nvptx64-nvidia-cuda\"\n\n");
    let _ = writeln!(text, "@sh = internal addrspace(3) global [{block_size} x i32] undef, align 4\n");
    let mut callees = vec![];
    for f in 0..nfuncs {
        let name = format!("f{f}");
        let mut g = FnGen::new(&mut rng, &mut feats, &mut decls, callees.clone(), false, 6, block_size);
        g.cur = g.new_block("entry");
        let mut env: Env = vec![
            Var { name: "%p0".into(), uniform: false },
            Var { name: "%p1".into(), uniform: false },
            Var { name: "%p0".into(), uniform: false },
            Var { name: "%p1".into(), uniform: false },
            Var { name: "%p2".into(), uniform: false },
            Var { name: "%p2".into(), uniform: false },
        ];
        g.stmts(&mut env, 1, false);
        let fi = g.def(format!("fptosi float {} to i32", env[NI].name), "i32");
        let x = g.def(format!("xor i32 {}, {}", env[0].name, env[1].name), "i32");
        let y = g.def(format!("add i32 {x}, {}", env[2].name), "i32");
        let z = g.def(format!("sub i32 {y}, {fi}"), "i32");
        g.term(format!("ret i32 {z}"));
        let _ = writeln!(text, "define dso_local i32 @{name}(i32 %p0, i32 %p1, float %p2) #1 {{");
        g.print(&mut text);
        text.push_str("}\n\n");
        callees.push(name);
    }
    let mut g = FnGen::new(&mut rng, &mut feats, &mut decls, callees, true, 12, block_size);
    g.budget += g.rng.below(14) as i32;
    g.cur = g.new_block("entry");
    for s in ["tid", "ctaid", "ntid"] {
        g.decls.insert(match s {
            "tid" => "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()",
            "ctaid" => "declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()",
            _ => "declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()",
        });
        g.emit(format!("%{s} = call i32 @llvm.nvvm.read.ptx.sreg.{s}.x()"));
    }
    g.emit("%arr = alloca [8 x i32], align 4".into());
    g.emit("%sa0 = alloca [8 x i32], align 4".into());
    g.emit("%sa1 = alloca [8 x i32], align 4".into());
    g.emit("%base = mul i32 %ctaid, %ntid".into());
    g.emit("%gid = add i32 %base, %tid".into());
    if g.rng.chance(50) {
        g.early_out_base = true;
        // (With `; T:` comments, as `def` writes them: the reducer may replace these by zeros.)
        g.emit(format!("%obase.i = mul nuw i32 %gid, {} ; T:i32", NI + NF));
        g.emit("%obase.w = zext i32 %obase.i to i64 ; T:i64".into());
        g.emit("%obase = getelementptr inbounds i32, ptr %out, i64 %obase.w ; T:ptr".into());
        if g.rng.chance(50) {
            // Also written at the start (overwritten at the end): the address is read before the loops too,
            // so it cannot simply be sunk to the final stores.
            g.emit("store i32 %gid, ptr %obase, align 4".into());
        }
    }
    for i in 0..ARR {
        g.emit(format!("%ai{i} = getelementptr inbounds [{ARR} x i32], ptr %arr, i64 0, i64 {i}"));
        g.emit(format!("store i32 {}, ptr %ai{i}, align 4", i * 7 + 1));
    }
    let mut env: Env = vec![];
    let mut first_load = None;
    for (k, mul) in [(0, 1u32), (1, 7)] {
        let a = g.def(format!("mul i32 %gid, {mul}"), "i32");
        let b = g.def(format!("add i32 {a}, {k}"), "i32");
        let m = g.def(format!("and i32 {b}, {}", IN_LEN - 1), "i32");
        let (p, v) = g.load_in("zext", &m);
        first_load.get_or_insert_with(|| format!("  {v} = load i32, ptr {p}, align 4 ; T:i32\n"));
        env.push(Var { name: v, uniform: false });
    }
    env.insert(1, Var { name: "%tid".into(), uniform: false });
    env.push(Var { name: "%n".into(), uniform: true });
    let f0 = g.def(format!("sitofp i32 {} to float", env[0].name), "float");
    let f0 = g.tame(f0);
    env.push(Var { name: f0, uniform: false });
    env.push(Var { name: "1.500000e+00".into(), uniform: true });
    g.stmts(&mut env, 0, true);
    while g.budget > 0 {
        g.budget -= 1;
        g.stmt(&mut env, 0, true);
    }
    g.store_outputs(&env);
    g.term("ret void".into());
    text.push_str("define ptx_kernel void @fuzz(ptr %in, ptr %out, i32 %n) #1 {\n");
    g.print(&mut text);
    text.push_str("}\n\n");
    for d in &decls {
        let _ = writeln!(text, "{d}");
    }
    text.push_str("\nattributes #0 = { convergent nounwind }\nattributes #1 = { nounwind }\n");
    let out_len = grid * block_size * (NI + NF) as u32;
    let (lo, hi) = [(-100, 100), (-100_000, 100_000), (i32::MIN as i64, i32::MAX as i64)][rng.below(3) as usize];
    let spec = format!(
        "# simtc fuzz-diff launch spec, seed {seed:#x}\nkernel = \"fuzz\"\ngrid = [{grid}, 1, 1]\nblock = [{block_size}, 1, 1]\n\
         [[args]]\nbuffer = \"in\"\ntype = \"i32\"\nlen = {IN_LEN}\ninit = {{ random = {{ seed = {}, min = {lo}, max = {hi} }} }}\n\
         [[args]]\nbuffer = \"out\"\ntype = \"i32\"\nlen = {out_len}\ninit = \"zero\"\noutput = true\n\
         [[args]]\nscalar = \"u32\"\nvalue = {}\n",
        seed & 0xffff_ffff,
        rng.below(64)
    );
    // Half the kernels promise that `in` is only read and that no other pointer reaches it (clang's
    // `const int *__restrict__`): their loads of it may use `ld.global.nc` (`ldg-readonly`). Drawn last, so the
    // rest of the program is the same for a seed either way.
    let text = if rng.chance(50) {
        text.replacen("@fuzz(ptr %in, ptr %out,", "@fuzz(ptr noalias readonly %in, ptr noalias %out,", 1)
    } else {
        text
    };
    let text = super::vectorize::vectorizable(&mut rng, text, first_load.as_deref());
    Program { ll: text, spec, features: feats }
}

#[cfg(test)]
mod tests {
    use super::generate;

    #[test]
    fn deterministic_from_the_seed() {
        assert_eq!(generate(42).ll, generate(42).ll);
        assert_ne!(generate(42).ll, generate(43).ll);
    }

    #[test]
    fn programs_read_and_verify() {
        for seed in 0..200 {
            let p = generate(seed);
            let m = simtc_llvm_reader::parse_module(&p.ll)
                .unwrap_or_else(|e| panic!("seed {seed}: {}", e.render("gen.ll", &p.ll)));
            if let Err(e) = simtc_ir::verifier::verify_module(&m) {
                panic!("seed {seed}: {:?}\n{}", e.iter().map(|e| e.to_string()).collect::<Vec<_>>(), p.ll);
            }
            simtc_emu::LaunchSpec::parse(&p.spec, std::path::Path::new(".")).expect("the spec parses");
        }
    }
}

#[cfg(test)]
mod reduce_tests {
    use super::generate;

    fn verifies(s: &str) -> bool {
        simtc_llvm_reader::parse_module(s).is_ok_and(|m| simtc_ir::verifier::verify_module(&m).is_ok())
    }

    /// The reducer keeps generated programs valid: reducing towards "still has a shuffle" leaves a small module
    /// that reads and verifies.
    #[test]
    fn reduction_of_a_generated_program_stays_valid() {
        let needle = "call i32 @llvm.nvvm.shfl.sync";
        let p = (0..200).map(generate).find(|p| p.ll.contains(needle) && p.ll.contains("phi")).expect("a seed");
        let (out, tests) =
            crate::fuzzdiff::reduce::reduce(&p.ll, &mut |s: &str| verifies(s) && s.contains(needle), 2000);
        assert!(verifies(&out), "{out}");
        assert!(
            tests > 0 && out.lines().count() * 2 < p.ll.lines().count(),
            "{} -> {} lines in {tests} tests:\n{out}",
            p.ll.lines().count(),
            out.lines().count()
        );
    }
}
