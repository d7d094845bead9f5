//! The pass manager on several threads: runs of function-local passes, one function at a time.
//!
//! [`PassManager::run_threads`] runs the same passes as [`PassManager::run`], in the same order, with the same
//! result, but splits the pipeline into segments: each maximal run of two or more passes that are function-local
//! ([`crate::PassInfo::function`]: they change only the function they run on, besides interning constants and
//! literal types) is run function by function — every pass of the segment on one function, then the next
//! function — with the functions spread over up to `threads` threads; any other pass runs on the whole module as
//! in [`PassManager::run`], between segments.
//!
//! How a segment runs:
//! - every defined function's body (and its cached analyses) is taken out of the module;
//! - each thread works against its own copy of the module without bodies ([`Module::clone_without_bodies`]):
//!   the function it works on is put into the copy for the segment's passes and taken out again, so a pass sees
//!   the module as it would (the other functions' signatures and attributes, the constants, types, globals and
//!   metadata), and what it interns goes into the thread's copy of the constant pool and type store;
//! - the calling thread works on functions too and, between them, puts the finished ones back in module order
//!   ([`simtc_ir::ordered`]: no merge step waits for the last function), what their passes created in the thread's
//!   tables (handed over with the function) interned into the module's in creation order
//!   ([`simtc_ir::import::import_function`]), so the module is the same whichever thread ran which function, and
//!   the same as running the segment function by function on the module itself, which is what one thread does;
//! - timings are summed per pass over the functions, remarks are kept in the order [`PassManager::run`] gives
//!   them (pass by pass, functions in module order), and the error reported is the one [`PassManager::run`]
//!   would meet first (the earliest pass, then the earliest function).
//!
//! Why this gives [`PassManager::run`]'s result: a function-local pass reads nothing of another function but its
//! signature and attributes, which no such pass changes, so running the segment's passes on a function before or
//! after the other functions makes no difference to it. A pass that changes the module's other tables on a
//! thread's copy breaks that contract: it is reported as an error naming the pass, never merged silently.
//!
//! Printing after passes (`--print-after`, `--dot-after`) needs the whole module between passes:
//! [`PassManager::run_threads`] then runs [`PassManager::run`].

use crate::manager::{check, PassManager, PassTiming, PipelineError};
use crate::registry::{FunctionPass, PassInfo};
use simtc_analysis::cache::FunctionAnalyses;
use simtc_ir::import::{import_function, ImportMemo};
use simtc_ir::verifier::verify_function;
use simtc_ir::{ConstId, EntityRef, FuncId, Function, Module, Type};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One function's trip through a segment.
struct Done {
    /// Position in module order among the defined functions.
    k: usize,
    /// The function and its analyses, when a thread worked on it in its copy (`None`: on the module itself).
    func: Option<Function>,
    analyses: FunctionAnalyses,
    /// Per pass of the segment: whether it changed the function, how long it took, its remarks.
    changed: Vec<bool>,
    times: Vec<Duration>,
    remarks: Vec<Vec<String>>,
    /// The first failure: the index of the pass in the segment and the error.
    error: Option<(usize, PipelineError)>,
    /// Which thread ran it (its ids are that thread's copy's).
    thread: usize,
    /// The types and constants the thread created while working on it, in creation order.
    new_types: Vec<(Type, simtc_ir::TypeData)>,
    new_consts: Vec<(ConstId, simtc_ir::ConstData)>,
}

impl Done {
    fn new(k: usize, passes: usize, thread: usize) -> Self {
        Done {
            k,
            func: None,
            analyses: FunctionAnalyses::new(),
            changed: vec![false; passes],
            times: vec![Duration::ZERO; passes],
            remarks: vec![Vec::new(); passes],
            error: None,
            thread,
            new_types: Vec::new(),
            new_consts: Vec::new(),
        }
    }
}

/// The sizes of a module's tables that a function-local pass must not change.
fn marks(m: &Module) -> [usize; 9] {
    [
        m.funcs.len(),
        m.func_order.len(),
        m.globals.len(),
        m.global_order.len(),
        m.metadata.len(),
        m.metadata.num_kinds(),
        m.metadata.named.len(),
        m.types.num_named(),
        m.comdats.len(),
    ]
}

impl PassManager {
    /// Runs the pipeline like [`PassManager::run`], with runs of function-local passes spread over up to
    /// `threads` threads (rayon's current pool and the calling thread; see the module doc). The module, the
    /// remarks, the timings' order and the error are the same for any `threads`.
    pub fn run_threads(&mut self, m: &mut Module, threads: usize) -> Result<bool, PipelineError> {
        if !self.opts.print_after.is_empty() || !self.opts.dot_after.is_empty() {
            return self.run(m);
        }
        if self.opts.verify_each {
            check(m, None)?;
        }
        let passes: Vec<&'static PassInfo> =
            self.passes.iter().copied().filter(|p| !self.opts.disabled.iter().any(|d| d == p.name)).collect();
        let mut any = false;
        let mut i = 0;
        while i < passes.len() {
            let n = passes[i..].iter().take_while(|p| p.function.is_some()).count();
            // A lone function-local pass between module passes runs on the whole module: spreading one pass
            // costs more (taking every body out and putting it back) than it saves.
            if n < 2 {
                any |= self.run_pass(m, passes[i])?;
                i += 1;
            } else {
                any |= self.run_segment(m, &passes[i..i + n], threads.max(1))?;
                i += n;
            }
        }
        Ok(any)
    }

    /// Runs the function-local passes `seg` function by function (see the module doc).
    fn run_segment(
        &mut self,
        m: &mut Module,
        seg: &[&'static PassInfo],
        threads: usize,
    ) -> Result<bool, PipelineError> {
        let funcs: Vec<FuncId> = m.func_ids().filter(|&f| !m.funcs[f].is_declaration()).collect();
        let threads = threads.clamp(1, funcs.len().max(1));
        let knobs = self.cx.knobs.clone();
        let verify_each = self.opts.verify_each;
        let new_instances = || -> Vec<Box<dyn FunctionPass>> {
            seg.iter().map(|p| (p.function.expect("function-local pass"))()).collect()
        };
        if threads == 1 {
            // On the module itself, one function after another: what the threads' result is made equal to.
            let before = marks(m);
            let mut instances = new_instances();
            let mut report = Report::new(seg.len());
            for (k, &f) in funcs.iter().enumerate() {
                let mut d = Done::new(k, seg.len(), 0);
                run_passes(m, f, self.cx.analyses.func(f), &mut instances, seg, &knobs, verify_each, before, &mut d);
                report.add(d);
            }
            return self.finish_report(seg, report);
        }
        // The threads copy this template; the calling thread works on functions too, and between them puts the
        // finished ones back into the module in module order. Until then the module holds empty stand-ins (nothing
        // reads it: the threads work on their copies).
        let template = m.clone_without_bodies();
        let mut items: Vec<Option<(FuncId, Function, FunctionAnalyses)>> = Vec::with_capacity(funcs.len());
        for &f in &funcs {
            let body = std::mem::replace(&mut m.funcs[f], Function::new("", simtc_ir::Type::VOID, &[]));
            items.push(Some((f, body, std::mem::take(self.cx.analyses.func(f)))));
        }
        let items = Mutex::new(items);
        let mut report = Report::new(seg.len());
        let base = (m.consts.len(), m.types.len());
        let mut memos: Vec<ImportMemo> = (0..threads).map(|_| ImportMemo::default()).collect();
        let copy = |thread: usize| {
            let copy = template.clone();
            let before = marks(&copy);
            (thread, copy, before, new_instances())
        };
        // Runs the segment on function `k` in the thread's copy; hands back what its passes created there.
        let work = |(thread, copy, before, instances): &mut (usize, Module, [usize; 9], Vec<Box<dyn FunctionPass>>),
                    k: usize| {
            let taken = items.lock().unwrap_or_else(|e| e.into_inner())[k].take();
            let (f, body, mut analyses) = taken.expect("each function is taken once");
            let header = std::mem::replace(&mut copy.funcs[f], body);
            let created = (copy.consts.len(), copy.types.len());
            let mut d = Done::new(k, seg.len(), *thread);
            run_passes(copy, f, &mut analyses, instances, seg, &knobs, verify_each, *before, &mut d);
            d.new_types =
                (created.1..copy.types.len()).map(|i| (Type::new(i), copy.types.data(Type::new(i)).clone())).collect();
            d.new_consts = (created.0..copy.consts.len())
                .map(|i| (ConstId::new(i), copy.consts.data(ConstId::new(i)).clone()))
                .collect();
            d.func = Some(std::mem::replace(&mut copy.funcs[f], header));
            d.analyses = analyses;
            d
        };
        let put_back = |k: usize, mut d: Done| -> Result<(), std::convert::Infallible> {
            let f = funcs[k];
            if let Some(mut func) = d.func.take() {
                let (new_types, new_consts) = (std::mem::take(&mut d.new_types), std::mem::take(&mut d.new_consts));
                import_function(
                    &mut func,
                    &mut m.consts,
                    &mut m.types,
                    base,
                    new_types,
                    new_consts,
                    &mut memos[d.thread],
                );
                m.funcs[f] = func;
                *self.cx.analyses.func(f) = std::mem::take(&mut d.analyses);
            }
            report.add(d);
            Ok(())
        };
        let Ok(()) = simtc_ir::ordered::run(funcs.len(), threads, copy, work, put_back);
        self.finish_report(seg, report)
    }

    /// Reports a segment as `run` would: remarks pass by pass, timings summed, the first error.
    fn finish_report(&mut self, seg: &[&'static PassInfo], report: Report) -> Result<bool, PipelineError> {
        let Report { mut error, changed, times, mut remarks } = report;
        for pi in 0..seg.len() {
            // Up to the failure, as far as `run` would have got: earlier passes on every function, the failing
            // pass up to the failing function.
            let last = match &error {
                Some((p0, _, _)) if pi > *p0 => break,
                Some((p0, k0, _)) if pi == *p0 => *k0,
                _ => usize::MAX,
            };
            for r in remarks.iter_mut().take(last.saturating_add(1)) {
                if let Some(r) = r.get_mut(pi) {
                    self.remarks.append(r);
                }
            }
            if self.opts.time_passes {
                self.timings.push(PassTiming { name: seg[pi].name, time: times[pi], changed: changed[pi] });
            }
        }
        if let Some((_, _, e)) = error.take() {
            return Err(e);
        }
        Ok(changed.iter().any(|&c| c))
    }
}

/// What a segment's functions said, gathered in module order.
struct Report {
    /// The first failure in `run`'s order: pass index, function position, error.
    error: Option<(usize, usize, PipelineError)>,
    changed: Vec<bool>,
    times: Vec<Duration>,
    /// Per function in module order, per pass.
    remarks: Vec<Vec<Vec<String>>>,
}

impl Report {
    fn new(passes: usize) -> Self {
        Report { error: None, changed: vec![false; passes], times: vec![Duration::ZERO; passes], remarks: Vec::new() }
    }

    /// Adds the next function's results (in module order).
    fn add(&mut self, d: Done) {
        for pi in 0..self.changed.len() {
            self.changed[pi] |= d.changed[pi];
            self.times[pi] += d.times[pi];
        }
        if let Some((pi, e)) = d.error {
            if self.error.as_ref().is_none_or(|(p0, _, _)| pi < *p0) {
                self.error = Some((pi, d.k, e));
            }
        }
        self.remarks.push(d.remarks);
    }
}

/// Runs the passes of a segment on function `f` of `module` (the module itself, or a thread's copy holding `f`'s
/// body), recording into `d`; stops at the first failure. `before`: the module's [`marks`] at the start.
#[allow(clippy::too_many_arguments)]
fn run_passes(
    module: &mut Module,
    f: FuncId,
    analyses: &mut FunctionAnalyses,
    instances: &mut [Box<dyn FunctionPass>],
    seg: &[&'static PassInfo],
    knobs: &crate::Knobs,
    verify_each: bool,
    before: [usize; 9],
    d: &mut Done,
) {
    for (pi, (info, pass)) in seg.iter().zip(instances.iter_mut()).enumerate() {
        let start = Instant::now();
        let r = pass.run_on_function(module, f, analyses, knobs, &mut d.remarks[pi]);
        d.times[pi] = start.elapsed();
        match r {
            Ok(true) => {
                analyses.invalidate(pass.preserves().to_preserved());
                d.changed[pi] = true;
            }
            Ok(false) => {}
            Err(message) => {
                d.error = Some((pi, PipelineError::PassFailed { pass: info.name.to_string(), message }));
                return;
            }
        }
        if marks(module) != before {
            let message = "changed module tables other than constants and types, which a function-local pass \
                           must not do (internal error)"
                .to_string();
            d.error = Some((pi, PipelineError::PassFailed { pass: info.name.to_string(), message }));
            return;
        }
        if verify_each {
            if let Err(errs) = verify_function(module, f) {
                let errors = errs.iter().map(|e| e.to_string()).collect();
                d.error = Some((pi, PipelineError::Verify { after: Some(info.name.to_string()), errors }));
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{KnobRegistry, PassManager, PassManagerOptions};
    use simtc_ir::writer::write_module;

    /// The `-O3` IR pipeline of `simtc compile` (without the structurizer).
    const O3: &str = "expand-reductions,nvvm-reflect,lower-mem-intrinsics,dce,simplifycfg,darm,licm,lsr,\
                      gep-reassociate,load-store-vectorize,cssa";

    fn options(knobs: &[&str]) -> PassManagerOptions {
        PassManagerOptions {
            verify_each: true,
            time_passes: true,
            knobs: KnobRegistry::default().parse(knobs).expect("knobs"),
            ..PassManagerOptions::default()
        }
    }

    /// Runs `O3` on `src` pass by pass and function by function on 1, 2 and 4 threads: the same module text, the
    /// same remarks in the same order, the same passes timed in the same order.
    fn same_as_run(src: &str, knobs: &[&str], what: &str) {
        let mut serial = simtc_llvm_reader::parse_module(src).expect("parses");
        let mut pm = PassManager::from_pipeline(O3, options(knobs)).expect("pipeline");
        let changed = pm.run(&mut serial).expect("runs");
        let want = write_module(&serial);
        let names: Vec<&str> = pm.timings.iter().map(|t| t.name).collect();
        let mut first: Option<simtc_ir::Module> = None;
        for threads in [1, 2, 4] {
            let mut m = simtc_llvm_reader::parse_module(src).expect("parses");
            let mut pt = PassManager::from_pipeline(O3, options(knobs)).expect("pipeline");
            assert_eq!(pt.run_threads(&mut m, threads).expect("runs"), changed, "{what}: changed, {threads} threads");
            assert_eq!(write_module(&m), want, "{what}: module, {threads} threads");
            // The constant pool and type store entry by entry, against one thread's.
            match &first {
                None => first = Some(m.clone()),
                Some(one) => {
                    assert_eq!(one.consts.len(), m.consts.len(), "{what}: constants, {threads} threads");
                    for i in 0..m.consts.len() {
                        let c = simtc_ir::ConstId::from_u32(i as u32);
                        assert_eq!(one.consts.data(c), m.consts.data(c), "{what}: constant {i}, {threads} threads");
                    }
                    assert_eq!(one.types.len(), m.types.len(), "{what}: types, {threads} threads");
                    for t in m.types.ids() {
                        assert_eq!(one.types.data(t), m.types.data(t), "{what}: {t:?}, {threads} threads");
                    }
                }
            }
            assert_eq!(pt.remarks, pm.remarks, "{what}: remarks, {threads} threads");
            let got: Vec<&str> = pt.timings.iter().map(|t| t.name).collect();
            assert_eq!(got, names, "{what}: timings, {threads} threads");
        }
    }

    #[test]
    fn examples_give_the_same_module_on_any_number_of_threads() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/kernels");
        let mut n = 0;
        for e in std::fs::read_dir(&dir).expect("examples") {
            let path = e.expect("entry").path();
            if path.extension().is_some_and(|x| x == "ll") {
                let src = std::fs::read_to_string(&path).expect("read");
                same_as_run(&src, &[], &path.display().to_string());
                n += 1;
            }
        }
        assert!(n >= 20, "only {n} examples in {}", dir.display());
    }

    #[test]
    fn remarks_keep_their_order() {
        // Per-function remarks of two passes over several functions: `run` gives them pass by pass.
        let src = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/kernels/bitonic_sort.ll"),
        )
        .expect("read");
        same_as_run(&src, &["cssa-verbosity=1", "darm-stats=true"], "bitonic_sort with remarks");
    }
}
