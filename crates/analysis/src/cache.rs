//! A per-function analysis cache: analyses computed on first use, kept until a pass invalidates them.
//!
//! [`FunctionAnalyses`] holds, lazily, the [`Cfg`], [`DominatorTree`], [`PostDominatorTree`], [`LoopInfo`],
//! [`CycleInfo`], [`RegionInfo`] and [`UniformityInfo`] of one function. Queries take the function (or module)
//! the analyses describe; the cache never looks at the IR except to compute a missing analysis. After a
//! transformation the owner calls [`FunctionAnalyses::invalidate`] with what the transformation kept valid
//! ([`Preserved`]); the pass manager in `simtc-opt` does this from each pass's declared `Preserves`.
//!
//! Invariant (the caller's duty): between two invalidations the function's blocks and edges do not change, and
//! with [`Preserved::Cfg`] only instruction-level facts (uniformity) are dropped.

use crate::{Cfg, CycleInfo, DominatorTree, LoopInfo, PostDominatorTree, RegionInfo, UniformityInfo};
use simtc_ir::{FuncId, Function, Module};
use std::cell::OnceCell;

/// What a transformation kept valid.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Preserved {
    /// Nothing: every analysis is dropped.
    Nothing,
    /// Blocks and edges are unchanged: CFG-shaped analyses stay, uniformity is dropped.
    Cfg,
    /// Everything.
    All,
}

/// The lazily computed analyses of one function.
#[derive(Default)]
pub struct FunctionAnalyses {
    cfg: OnceCell<Cfg>,
    dt: OnceCell<DominatorTree>,
    pdt: OnceCell<PostDominatorTree>,
    loops: OnceCell<LoopInfo>,
    cycles: OnceCell<CycleInfo>,
    regions: OnceCell<RegionInfo>,
    uniformity: OnceCell<UniformityInfo>,
}

impl std::fmt::Debug for FunctionAnalyses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FunctionAnalyses")
            .field("cfg", &self.cfg.get().is_some())
            .field("dt", &self.dt.get().is_some())
            .field("pdt", &self.pdt.get().is_some())
            .field("uniformity", &self.uniformity.get().is_some())
            .finish()
    }
}

impl FunctionAnalyses {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }
    /// The CFG.
    pub fn cfg(&self, f: &Function) -> &Cfg {
        self.cfg.get_or_init(|| Cfg::compute(f))
    }
    /// The dominator tree.
    pub fn domtree(&self, f: &Function) -> &DominatorTree {
        self.dt.get_or_init(|| DominatorTree::compute(self.cfg(f)))
    }
    /// The post-dominator tree.
    pub fn postdomtree(&self, f: &Function) -> &PostDominatorTree {
        self.pdt.get_or_init(|| PostDominatorTree::compute(self.cfg(f)))
    }
    /// Natural loops.
    pub fn loops(&self, f: &Function) -> &LoopInfo {
        self.loops.get_or_init(|| LoopInfo::compute(self.cfg(f), self.domtree(f)))
    }
    /// Cycles (reducible and irreducible).
    pub fn cycles(&self, f: &Function) -> &CycleInfo {
        self.cycles.get_or_init(|| CycleInfo::compute(self.cfg(f), self.domtree(f)))
    }
    /// SESE regions.
    pub fn regions(&self, f: &Function) -> &RegionInfo {
        self.regions.get_or_init(|| RegionInfo::compute(self.cfg(f), self.domtree(f), self.postdomtree(f)))
    }
    /// Uniformity of function `fid` of `m`.
    pub fn uniformity(&self, m: &Module, fid: FuncId) -> &UniformityInfo {
        self.uniformity.get_or_init(|| {
            let f = &m.funcs[fid];
            UniformityInfo::compute_with(m, fid, self.cfg(f), self.domtree(f), self.postdomtree(f), self.cycles(f))
        })
    }
    /// Whether the CFG is currently cached (for tests of invalidation).
    pub fn has_cfg(&self) -> bool {
        self.cfg.get().is_some()
    }
    /// Whether uniformity is currently cached.
    pub fn has_uniformity(&self) -> bool {
        self.uniformity.get().is_some()
    }
    /// Drops what a transformation did not preserve.
    pub fn invalidate(&mut self, kept: Preserved) {
        match kept {
            Preserved::All => {}
            Preserved::Cfg => {
                self.uniformity = OnceCell::new();
            }
            Preserved::Nothing => *self = Self::default(),
        }
    }
}

/// One [`FunctionAnalyses`] per function of a module.
#[derive(Default, Debug)]
pub struct ModuleAnalyses {
    funcs: Vec<FunctionAnalyses>,
}

impl ModuleAnalyses {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }
    /// The cache of function `f` (created empty on first use).
    pub fn func(&mut self, f: FuncId) -> &mut FunctionAnalyses {
        let i = simtc_ir::EntityRef::index(f);
        if self.funcs.len() <= i {
            self.funcs.resize_with(i + 1, FunctionAnalyses::default);
        }
        &mut self.funcs[i]
    }
    /// Moves the caches of `fs` out (empty ones where none exist), in that order, so each can be handed to a
    /// different thread; theirs are left empty here.
    pub fn take(&mut self, fs: &[FuncId]) -> Vec<FunctionAnalyses> {
        fs.iter().map(|&f| std::mem::take(self.func(f))).collect()
    }
    /// Drops what a transformation of every function did not preserve.
    pub fn invalidate_all(&mut self, kept: Preserved) {
        for f in &mut self.funcs {
            f.invalidate(kept);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lazily_computed_and_invalidated() {
        let m = simtc_llvm_reader::parse_module(
            "define void @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  ret void\n}\n",
        )
        .unwrap();
        let fid = m.func_ids().next().unwrap();
        let f = &m.funcs[fid];
        let mut a = FunctionAnalyses::new();
        assert!(!a.has_cfg());
        let entry = f.entry().unwrap();
        assert_eq!(a.domtree(f).children(entry).len(), 2);
        assert!(a.has_cfg());
        let _ = a.uniformity(&m, fid);
        a.invalidate(Preserved::Cfg);
        assert!(a.has_cfg() && !a.has_uniformity());
        a.invalidate(Preserved::Nothing);
        assert!(!a.has_cfg());
    }
}
