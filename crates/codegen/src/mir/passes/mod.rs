//! MIR passes and the MIR pass manager.
//!
//! Every MIR pass is a function `fn(&mut MFunction, &MirContext) -> Result<bool, String>` (whether it changed
//! the function, or why it rejects it) described by a [`MirPassInfo`] in [`registry`]: its unique name (no IR
//! pass shares it), what it does, whether `--disable-pass` may turn it off, from which `-O` level it runs, and
//! the [`Phase`] it expects and leaves. [`MirPassManager`] runs the registry in order on one function and, as
//! the IR pass manager does, verifies after every pass (`--verify-each`, always in debug builds and tests),
//! prints the MIR listing after the passes named by `--print-after`, and times passes (`--time-passes`).
//! Under verification, SSA destruction is also checked symbolically ([`ssa_check`]).
//!
//! Adding a pass: write `passes/NAME.rs` with `pub fn run(f: &mut MFunction, cx: &MirContext) ->
//! Result<bool, String>` and its module doc, declare the module below, and add one [`MirPassInfo`] line to
//! [`registry`] at its place in the pipeline.

pub mod backcopyprop;
pub mod bit_test;
pub mod branch_fold;
pub mod combine;
pub mod copyprop;
pub mod early_sink;
pub mod guarded_select;
pub mod gvn_cse;
pub mod gvn_hoist;
pub mod hoist_common;
pub mod hoist_edge_copies;
pub mod ifconvert;
pub mod late_commoning;
pub mod local_forward;
pub mod machine_dce;
pub mod materialize_undef;
pub mod out_of_ssa;
pub mod parallel_copy;
pub mod peephole;
pub mod phi_elim;
pub mod reassociate;
pub mod redundant_mov;
pub mod remat;
pub mod sink;
pub mod sink_compares;
pub mod split_index;
pub mod ssa_check;
pub mod update_sink;

use super::{text, verify, MFunction, Phase};
use crate::target::Options;
use std::time::{Duration, Instant};

/// The knobs of seed 002's value-redundancy passes (`phi-elim` has its own: [`phi_elim::KNOBS`]; the driver's
/// registry takes both).
pub const KNOBS: &[simtc_opt::KnobDef] = &[
    simtc_opt::KnobDef {
        name: gvn_cse::MODE_KNOB,
        kind: simtc_opt::KnobKind::Int { min: -1, max: 6 },
        default: "-1",
        seed: "seed 002",
        doc: "gvn-cse mode: 0 off, 1 single-block, 2 dominator-guided (loads block-local), 3-6 full; -1 per-SM default",
    },
    simtc_opt::KnobDef {
        name: copyprop::ITER_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 1, max: 64 },
        default: "8",
        seed: "seed 002",
        doc: "copyprop (GeneralOptimize bundle): most rounds of copy propagation + folding + DCE per run",
    },
    simtc_opt::KnobDef {
        name: copyprop::BUDGET_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 40 },
        default: "0",
        seed: "seed 002",
        doc: "copyprop: most rewrites per invocation (0: unlimited)",
    },
    simtc_opt::KnobDef {
        name: sink::MAX_PRESSURE_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 20 },
        default: "128",
        seed: "simtc",
        doc: "sink: in a function whose estimated register pressure (32-bit registers live at a block boundary) is at \
              least this, nothing moves past a loop into a block that runs whenever its source does (0: no limit)",
    },
    simtc_opt::KnobDef {
        name: early_sink::MIN_PRESSURE_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 20 },
        default: "128",
        seed: "simtc",
        doc: "early-sink: sink also runs before ifconvert in a function whose estimated register pressure (32-bit \
              registers live at a block boundary) is at least this (0: never)",
    },
    simtc_opt::KnobDef {
        name: remat::MIN_PRESSURE_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 20 },
        default: "32",
        seed: "simtc",
        doc: "remat: run only on functions whose estimated register pressure (32-bit registers live at a block \
              boundary, 64-bit ones twice) is at least this (32: below it a saved register cannot lower occupancy)",
    },
    simtc_opt::KnobDef {
        name: sink_compares::LIMIT_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 20 },
        default: sink_compares::DEFAULT_LIMIT,
        seed: "simtc",
        doc: "sink-compares: sink compares into their readers' blocks only where more predicates than this are \
              live at once (7: SASS's P0-P6)",
    },
    simtc_opt::KnobDef {
        name: combine::FMA_KNOB,
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "combine: fuse contractable mul.F + add.F (no .rn on either) into fma.rn.F",
    },
    simtc_opt::KnobDef {
        name: combine::MAD_WIDE_KNOB,
        kind: simtc_opt::KnobKind::Bool,
        default: "false",
        seed: "simtc",
        doc: "combine: fuse mul.wide + add.s64 into mad.wide (off: ptxas forms IMAD.WIDE from llc's mul.wide + add \
              shape itself and splits mad.wides that share a product; fewer SASS instructions without it)",
    },
    simtc_opt::KnobDef {
        name: reassociate::ALLOW_CSE_KNOB,
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "seed 002",
        doc: "reassociate: run the windowed local commoning after normalizing expression trees",
    },
    simtc_opt::KnobDef {
        name: reassociate::BUDGET_KNOB,
        kind: simtc_opt::KnobKind::Int { min: -1, max: 1 << 40 },
        default: "-1",
        seed: "seed 002",
        doc: "reassociate: most expression trees rebuilt per function (-1: unlimited)",
    },
    simtc_opt::KnobDef {
        name: reassociate::WINDOW_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 20 },
        default: "64",
        seed: "seed 002",
        doc: "reassociate: commoning window in instructions (0: no commoning)",
    },
    simtc_opt::KnobDef {
        name: combine::MULTI_USE_MAX_PRESSURE_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 20 },
        default: "128",
        seed: "simtc",
        doc: "combine: no multi-use fusion (a product fused into all its adds) in a function whose estimated peak \
              register pressure (32-bit registers live at any point) is at least this (0: no limit)",
    },
    simtc_opt::KnobDef {
        name: reassociate::MAX_PRESSURE_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 20 },
        default: "128",
        seed: "simtc",
        doc: "reassociate: no commoning in a function whose estimated peak register pressure (32-bit registers \
              live at any point) is at least this (0: no limit)",
    },
    simtc_opt::KnobDef {
        name: reassociate::SKIP_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 40 },
        default: "0",
        seed: "seed 002",
        doc: "reassociate: leave the first N candidate trees of each function alone (bisection aid)",
    },
    simtc_opt::KnobDef {
        name: backcopyprop::GATE_KNOB,
        kind: simtc_opt::KnobKind::Bool,
        default: "false",
        seed: "seed 002",
        doc: "enable backcopyprop (seed phase 82 gate of OriBackCopyPropagate): collapse mov chains after SSA destruction",
    },
    simtc_opt::KnobDef {
        name: backcopyprop::BUDGET_KNOB,
        kind: simtc_opt::KnobKind::Int { min: -1, max: 1 << 40 },
        default: "-1",
        seed: "seed 002",
        doc: "backcopyprop: most copies removed per function (-1: unlimited)",
    },
    simtc_opt::KnobDef {
        name: ifconvert::MAX_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 20 },
        default: "8",
        seed: "simtc",
        doc: "ifconvert: most instructions in both arms of a hammock/diamond under a divergent branch",
    },
    simtc_opt::KnobDef {
        name: ifconvert::UNIFORM_MAX_KNOB,
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 20 },
        default: "4",
        seed: "simtc",
        doc: "ifconvert: most instructions in both arms under a uniform branch",
    },
    simtc_opt::KnobDef {
        name: ifconvert::DISABLE_KNOB,
        kind: simtc_opt::KnobKind::Bool,
        default: "false",
        seed: "seed 000",
        doc: "ifconvert: convert nothing (as --disable-pass ifconvert)",
    },
    simtc_opt::KnobDef {
        name: late_commoning::FORCE_KNOB,
        kind: simtc_opt::KnobKind::Bool,
        default: "false",
        seed: "seed 002",
        doc: "late-commoning: run on every function, not only those with predicated code",
    },
    simtc_opt::KnobDef {
        name: late_commoning::NO_MOVE_KNOB,
        kind: simtc_opt::KnobKind::Bool,
        default: "false",
        seed: "seed 002",
        doc: "late-commoning: no copy/selp equivalence propagation and no commoning of movs",
    },
];

/// Optional MIR passes that do nothing unless a gate knob is on: `(pass, knob)`. `simtc check` adds a build with
/// each gate on, so the pass is covered although it is off by default.
pub const GATED: &[(&str, &str)] = &[("backcopyprop", backcopyprop::GATE_KNOB)];

/// The `EnableGvnCseMode` value in effect (the per-SM default when the knob is `-1`).
pub fn gvn_cse_mode(cx: &MirContext<'_>) -> i64 {
    match cx.knobs.int(gvn_cse::MODE_KNOB) {
        -1 => gvn_cse::default_mode(cx.opts.target),
        m => m,
    }
}

/// The `reassociate` settings from the knobs.
pub fn reassociate_config(cx: &MirContext<'_>) -> reassociate::Config {
    reassociate::Config {
        allow_cse: cx.knobs.bool(reassociate::ALLOW_CSE_KNOB),
        budget: cx.knobs.int(reassociate::BUDGET_KNOB),
        window: cx.count(reassociate::WINDOW_KNOB),
        skip: cx.count(reassociate::SKIP_KNOB),
        max_pressure: cx.count(reassociate::MAX_PRESSURE_KNOB),
    }
}

/// What a MIR pass may look at besides the function.
pub struct MirContext<'a> {
    /// Target and options.
    pub opts: &'a Options,
    /// Knob values (`--knob`).
    pub knobs: &'a simtc_opt::Knobs,
}

impl MirContext<'_> {
    /// An integer knob used as a count or a limit (negative values read as 0).
    pub fn count(&self, knob: &str) -> usize {
        self.knobs.int(knob).max(0) as usize
    }
}

/// A registry entry.
#[derive(Copy, Clone)]
pub struct MirPassInfo {
    /// The name used by `--disable-pass`, `--print-after` and `--passes`.
    pub name: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// Whether `--disable-pass` may skip it (mandatory passes lower the MIR towards printing).
    pub optional: bool,
    /// The lowest `-O` level that runs it.
    pub min_opt_level: u8,
    /// The phase the pass expects.
    pub phase_in: Phase,
    /// The phase the pass leaves.
    pub phase_out: Phase,
    /// The pass.
    pub run: fn(&mut MFunction, &MirContext<'_>) -> Result<bool, String>,
}

impl std::fmt::Debug for MirPassInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MirPassInfo").field("name", &self.name).finish()
    }
}

/// Every MIR pass, in pipeline order.
pub fn registry() -> &'static [MirPassInfo] {
    &[
        MirPassInfo {
            name: "split-index",
            description: "separates a bitwise constant from a widened index (ext(y ^ c) << k -> (ext(y) << k) ^ \
                          (c << k)) where y is live anyway, so y ^ c need not stay live for the address",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, _| Ok(split_index::run(f) > 0),
        },
        MirPassInfo {
            name: "local-forward",
            description: "store-to-load forwarding and dead stores on a non-escaping local frame (llc: SROA)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, _| Ok(local_forward::run(f) > 0),
        },
        MirPassInfo {
            name: "bit-test",
            description: "a variable bit test (x & (C << y)) == 0 shifts x instead: ((x >> y) & C) == 0, so a chain \
                          of tests of one word shares one shift (InstCombine)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, _| Ok(bit_test::run(f) > 0),
        },
        MirPassInfo {
            name: "gvn-cse",
            description: "dominator-scoped value numbering: removes recomputed values and reloads (seed 002 GvnCse)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, cx| Ok(gvn_cse::run(f, gvn_cse_mode(cx)) > 0),
        },
        MirPassInfo {
            name: "reassociate",
            description: "reassociation of integer add/mul/and/or/xor trees into canonical left-leaning form, then \
                          windowed local commoning (seed 002 OriReassociateAndCommon)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, cx| {
                let st = reassociate::run(f, reassociate_config(cx));
                Ok(st.distributed + st.rebuilt + st.commoned > 0)
            },
        },
        MirPassInfo {
            name: "copyprop",
            description: "GeneralOptimize bundle: copy propagation, constant/predicate folding, DCE to a fixpoint",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, cx| {
                let it = cx.knobs.int(copyprop::ITER_KNOB);
                Ok(copyprop::run(f, it, cx.knobs.int(copyprop::BUDGET_KNOB)) > 0)
            },
        },
        MirPassInfo {
            name: "gvn-hoist",
            description: "one instance of an expression that sibling blocks each compute moves to their nearest \
                          common dominator (LLVM's GVNHoist: cheap integer operations, and divisions, square \
                          roots and reciprocals between exclusive alternatives too)",
            optional: true,
            min_opt_level: 2,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, _| Ok(gvn_hoist::run(f) > 0),
        },
        MirPassInfo {
            name: "early-sink",
            description: "in a function whose estimated register pressure reaches EarlySinkMinPressure, sink runs \
                          before ifconvert too, so an arm holds the work only it needs before it is weighed",
            optional: true,
            min_opt_level: 2,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, cx| {
                Ok(early_sink::run(f, cx.count(early_sink::MIN_PRESSURE_KNOB), cx.count(sink::MAX_PRESSURE_KNOB)) > 0)
            },
        },
        MirPassInfo {
            name: "ifconvert",
            description:
                "if-conversion of small hammocks/diamonds, divergence-aware cost model (seed 002 OriDoPredication)",
            optional: true,
            min_opt_level: 2,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, cx| {
                if cx.knobs.bool(ifconvert::DISABLE_KNOB) {
                    return Ok(false);
                }
                let limits = ifconvert::Limits {
                    divergent: cx.knobs.int(ifconvert::MAX_KNOB) as usize,
                    uniform: cx.knobs.int(ifconvert::UNIFORM_MAX_KNOB) as usize,
                };
                Ok(ifconvert::run(f, limits) > 0)
            },
        },
        MirPassInfo {
            name: "late-commoning",
            description: "commons the predicated code if-conversion made adjacent, then GeneralOptimize (seed 002 LateOriCommoning)",
            optional: true,
            min_opt_level: 2,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, cx| {
                let force = cx.knobs.bool(late_commoning::FORCE_KNOB);
                let mut changed = late_commoning::run(f, force, !cx.knobs.bool(late_commoning::NO_MOVE_KNOB)) > 0;
                // GeneralOptimize after predication (ptxas runs the bundle again after OriDoPredication): the
                // predicate logic if-conversion built (`not`/`and`/`or.pred`, negated guards) folds here.
                if f.if_converted {
                    let it = cx.knobs.int(copyprop::ITER_KNOB);
                    changed |= copyprop::run(f, it, cx.knobs.int(copyprop::BUDGET_KNOB)) > 0;
                }
                Ok(changed)
            },
        },
        MirPassInfo {
            name: "peephole",
            description: "address folding into [base+offset] and cvt+shl into mul.wide",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, _| Ok(peephole::run(f) > 0),
        },
        MirPassInfo {
            name: "combine",
            description: "instruction combining: mad.lo/mad.wide from mul+add, fma.rn from contractable mul+add",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, cx| {
                let (fma, mad_wide) = (cx.knobs.bool(combine::FMA_KNOB), cx.knobs.bool(combine::MAD_WIDE_KNOB));
                Ok(combine::run(f, fma, mad_wide, cx.count(combine::MULTI_USE_MAX_PRESSURE_KNOB)) > 0)
            },
        },
        MirPassInfo {
            name: "sink",
            description: "moves pure instructions (parameter loads, cvta, arithmetic) down to the block of their uses, \
                          never into a loop (LLVM MachineSink)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, cx| Ok(sink::run(f, cx.count(sink::MAX_PRESSURE_KNOB)) > 0),
        },
        MirPassInfo {
            name: "update-sink",
            description: "moves a phi input's definition below the last use of the phi's old value in its block \
                          (i++ after its last use), so phi-elim coalesces them without a copy",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, _| Ok(update_sink::run(f) > 0),
        },
        MirPassInfo {
            name: "remat",
            description: "recomputes after a loop a divergent 64-bit value live through it but not read in it, from kernel \
                          parameters, fixed special registers and registers live there anyway (only where the register \
                          pressure reaches RematMinPressure)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, cx| Ok(remat::run(f, cx.count(remat::MIN_PRESSURE_KNOB)) > 0),
        },
        MirPassInfo {
            name: "sink-compares",
            description: "recomputes a compare in each block that reads its predicate where more predicates are live \
                          at once than SinkComparesLimit (LLVM CodeGenPrepare's compare sinking)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, cx| Ok(sink_compares::run(f, cx.count(sink_compares::LIMIT_KNOB)) > 0),
        },
        MirPassInfo {
            name: "materialize-undef",
            description: "an undef phi operand in or after a loop, or in a function whose estimated register \
                          pressure exceeds 255, becomes a zero (ptxas keeps an undefined register live back to the \
                          entry and around loops)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::Ssa,
            phase_out: Phase::Ssa,
            run: |f, _| Ok(materialize_undef::run(f) > 0),
        },
        MirPassInfo {
            name: "phi-elim",
            description: "phi elimination on CSSA webs with a SIMT-aware coalescer (seed 000); disabled: out-of-ssa",
            optional: true,
            min_opt_level: 0,
            phase_in: Phase::Ssa,
            phase_out: Phase::PhiFree,
            run: phi_elim::run,
        },
        MirPassInfo {
            name: "out-of-ssa",
            description:
                "SSA destruction: critical-edge splitting and sequentialized parallel copies (when phi-elim is off)",
            optional: false,
            min_opt_level: 0,
            phase_in: Phase::Ssa,
            phase_out: Phase::PhiFree,
            run: |f, _| Ok(out_of_ssa::run(f)),
        },
        MirPassInfo {
            name: "backcopyprop",
            description: "backward copy propagation: `t = op; x = mov t` becomes `x = op` (seed 002 \
                          OriBackCopyPropagate; off unless AdvancedPhaseBackPropVReg)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::PhiFree,
            phase_out: Phase::PhiFree,
            run: |f, cx| {
                if !cx.knobs.bool(backcopyprop::GATE_KNOB) {
                    return Ok(false);
                }
                Ok(backcopyprop::run(f, cx.knobs.int(backcopyprop::BUDGET_KNOB)) > 0)
            },
        },
        MirPassInfo {
            name: "guarded-select",
            description: "`@p I X; selp Y, X, K, p` becomes `mov Y, K; @p I Y` (if-converted guarded loads with a \
                          default: no select, and the predicate dies at the load)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::PhiFree,
            phase_out: Phase::PhiFree,
            run: |f, _| Ok(guarded_select::run(f) > 0),
        },
        MirPassInfo {
            name: "hoist-common",
            description: "an instruction starting both successors of a two-way branch (the same phi copy on both \
                          edges) moves above the branch (LLVM HoistCommonCodeFromSuccessors)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::PhiFree,
            phase_out: Phase::PhiFree,
            run: |f, _| Ok(hoist_common::run(f) > 0),
        },
        MirPassInfo {
            name: "hoist-edge-copies",
            description: "the copies of a split critical edge move above the branch when the other arm overwrites \
                          their registers (a guarded read with a default becomes a triangle, as in llc)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::PhiFree,
            phase_out: Phase::PhiFree,
            run: |f, _| Ok(hoist_edge_copies::run(f) > 0),
        },
        MirPassInfo {
            name: "redundant-mov",
            description: "removes `mov %x, imm` where %x already holds imm on every path (the repeated phi \
                          constants SSA destruction writes along a chain of blocks)",
            optional: true,
            min_opt_level: 1,
            phase_in: Phase::PhiFree,
            phase_out: Phase::PhiFree,
            run: |f, _| Ok(redundant_mov::run(f) > 0),
        },
        MirPassInfo {
            name: "machine-dce",
            description: "removes MIR instructions whose results are unused and that have no effect",
            optional: true,
            min_opt_level: 0,
            phase_in: Phase::PhiFree,
            phase_out: Phase::PhiFree,
            run: |f, _| Ok(machine_dce::run(f) > 0),
        },
        MirPassInfo {
            name: "branch-fold",
            description: "final layout: conditional branch over the next block becomes a fall-through",
            optional: false,
            min_opt_level: 0,
            phase_in: Phase::PhiFree,
            phase_out: Phase::LaidOut,
            run: |f, _| Ok(branch_fold::run(f) > 0),
        },
    ]
}

/// Looks a MIR pass up by name.
pub fn lookup(name: &str) -> Option<&'static MirPassInfo> {
    registry().iter().find(|p| p.name == name)
}

/// Options of a MIR pipeline run.
#[derive(Clone, Debug, Default)]
pub struct MirRunOptions {
    /// Passes to skip (optional ones only; names are validated by the driver).
    pub disabled: Vec<String>,
    /// Print the listing after these passes (`all`: after every pass).
    pub print_after: Vec<String>,
    /// Verify after every pass (and check SSA destruction symbolically).
    pub verify_each: bool,
    /// Collect timings.
    pub time_passes: bool,
    /// Run only these passes (for `simtc mir-opt --passes`); `None` runs the registry's pipeline.
    pub only: Option<Vec<String>>,
}

/// The MIR pass manager for one compilation (accumulates timings and printed listings over functions).
#[derive(Default)]
pub struct MirPassManager {
    /// Options.
    pub options: MirRunOptions,
    /// `(pass, time)` accumulated over every function, in pipeline order.
    pub timings: Vec<(&'static str, Duration)>,
    /// Listings requested by `print_after`.
    pub printed: String,
}

impl MirPassManager {
    /// A manager with these options.
    pub fn new(options: MirRunOptions) -> MirPassManager {
        MirPassManager { options, timings: Vec::new(), printed: String::new() }
    }

    fn selected(&self, p: &MirPassInfo, opt_level: u8) -> bool {
        match &self.options.only {
            Some(list) => list.iter().any(|n| n == p.name),
            None => opt_level >= p.min_opt_level && !(p.optional && self.options.disabled.iter().any(|d| d == p.name)),
        }
    }

    /// Runs the pipeline on `f` (from its current phase on). Errors name the pass.
    pub fn run(&mut self, f: &mut MFunction, cx: &MirContext<'_>) -> Result<(), String> {
        let verify_each = self.options.verify_each;
        if verify_each {
            verify(f).map_err(|e| format!("internal: after instruction selection: {e}"))?;
        }
        for p in registry() {
            if !self.selected(p, cx.opts.opt_level) {
                continue;
            }
            if f.phase != p.phase_in {
                if self.options.only.is_some() {
                    return Err(format!(
                        "pass '{}' expects MIR in phase {}, but '{}' is in phase {}",
                        p.name,
                        p.phase_in.name(),
                        f.name,
                        f.phase.name()
                    ));
                }
                continue;
            }
            let before = (verify_each && p.phase_in == Phase::Ssa && p.phase_out != Phase::Ssa).then(|| f.clone());
            let t0 = Instant::now();
            (p.run)(f, cx).map_err(|m| format!("pass '{}' failed: {m}", p.name))?;
            f.phase = p.phase_out;
            if self.options.time_passes {
                let dt = t0.elapsed();
                match self.timings.iter_mut().find(|(n, _)| *n == p.name) {
                    Some(e) => e.1 += dt,
                    None => self.timings.push((p.name, dt)),
                }
            }
            if verify_each {
                verify(f).map_err(|e| format!("internal: after pass '{}': {e}", p.name))?;
                let asg = f.destruction.take();
                // The naive phi elimination exists to show what CSSA prevents: the checker would reject it.
                let naive = cx.knobs.bool(phi_elim::NAIVE_KNOB);
                if let (Some(ssa), false) = (before, naive) {
                    let asg = asg.map(|a| *a).unwrap_or_default();
                    ssa_check::check_renamed(&ssa, f, &asg)
                        .map_err(|e| format!("internal: after pass '{}': {e}", p.name))?;
                }
            }
            if self.options.print_after.iter().any(|n| n == p.name || n == "all") {
                self.printed.push_str(&format!("; *** MIR after {} ***\n", p.name));
                self.printed.push_str(&text::write_function(f));
            }
        }
        Ok(())
    }
}
