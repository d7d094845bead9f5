//! Instruction selection: one IR function → one [`MFunction`] in SSA form (with `phi` pseudo-instructions).
//!
//! Values map to registers by type ([`class_of`]): `i1` → `.pred`, `i2..i16`/`half`/`bfloat` → `.b16`, `i17..i32`
//! → `.b32`, `i33..i64` and pointers → `.b64`, `float` → `.f32`, `double` → `.f64`. Integers narrower than their
//! register keep **undefined upper bits** (as LLVM's type promotion does); every operation whose result depends on
//! those bits (division, remainder, right shifts, comparisons, extensions, int→float) first normalizes its operand
//! with [`Lower::normalized`]. Vectors, structs and arrays are flattened into one register per scalar leaf.
//!
//! Pointers carry an inferred address space ([`spaces`]): a value whose space is known to be global, shared,
//! local, const or param holds the address *in that space* (so loads use `ld.global`, `ld.shared`, ...), and a
//! generic address is made with `cvta` only where a generic pointer is really needed (stored to memory, passed to a
//! call, compared, converted to an integer, merged with pointers of another space).
//!
//! Branches: an unconditional branch is `bra.uni` (always non-divergent); a conditional branch is `@%p bra.uni`
//! only when [`UniformityInfo`] proves the IR branch uniform, `@%p bra` otherwise (ARCHITECTURE §6).

mod boolbytes;
mod call;
mod divconst;
mod index;
mod intrinsics;
mod mem;
mod ops;
mod readonly;
pub mod spaces;
mod stack_color;
pub mod wmma;

use crate::abi::FunctionAbi;
use crate::error::CodegenError;
use crate::mir::{MBlock, MFunction, MInst, OpKind, Opcode, Operand, Reg, RegClass};
use crate::ptx::debuginfo::FileTable;
use crate::target::Options;
use simtc_analysis::cache::FunctionAnalyses;
use simtc_analysis::UniformityInfo;
use simtc_ir::{
    Block, ConstData, ConstId, EntityRef, FuncId, Function, Inst, InstKind, Module, Type, TypeData, Value, ValueDef,
};
use smallvec::SmallVec;
use spaces::Space;

/// Result alias.
pub type Result<T> = std::result::Result<T, CodegenError>;

/// The register class of a scalar IR type, or an error naming it.
pub fn class_of(m: &Module, ty: Type) -> Result<RegClass> {
    Ok(match m.types.data(ty) {
        TypeData::Int(1) => RegClass::Pred,
        TypeData::Int(w) if *w <= 16 => RegClass::B16,
        TypeData::Int(w) if *w <= 32 => RegClass::B32,
        TypeData::Int(w) if *w <= 64 => RegClass::B64,
        TypeData::Int(128) => RegClass::B128,
        TypeData::Half | TypeData::BFloat => RegClass::B16,
        TypeData::Float => RegClass::F32,
        TypeData::Double => RegClass::F64,
        TypeData::Ptr(_) => RegClass::B64,
        _ => {
            return Err(CodegenError::unsupported(format!(
                "values of type {}",
                simtc_ir::writer::type_to_string(&m.types, ty)
            )))
        }
    })
}

/// The scalar leaves of a type with their byte offsets (vectors, arrays and structs are flattened).
pub fn leaves(m: &Module, ty: Type, base: u64, out: &mut Vec<(Type, u64)>) {
    match m.types.data(ty) {
        TypeData::Vector { len, elem, .. } => {
            let sz = m.types.alloc_size(*elem);
            for k in 0..*len as u64 {
                leaves(m, *elem, base + k * sz, out);
            }
        }
        TypeData::Array { len, elem } => {
            let sz = m.types.alloc_size(*elem);
            for k in 0..*len {
                leaves(m, *elem, base + k * sz, out);
            }
        }
        TypeData::Struct { .. } | TypeData::Named(_) => {
            if let (Some(fields), Some(layout)) = (m.types.struct_fields(ty), m.types.struct_layout(ty)) {
                for (k, &f) in fields.iter().enumerate() {
                    leaves(m, f, base + layout.offsets[k], out);
                }
            }
        }
        _ => out.push((ty, base)),
    }
}

/// Lowering state of one function.
pub struct Lower<'a> {
    pub(crate) m: &'a Module,
    pub(crate) fid: FuncId,
    pub(crate) f: &'a Function,
    pub(crate) abi: &'a FunctionAbi,
    pub(crate) opts: &'a Options,
    pub(crate) files: &'a FileTable,
    pub(crate) uni: &'a UniformityInfo,
    pub(crate) analyses: &'a FunctionAnalyses,
    pub(crate) spaces: Vec<Space>,
    pub(crate) mf: MFunction,
    /// Registers of each value (indexed by value index); empty until defined.
    pub(crate) vals: Vec<SmallVec<[Reg; 1]>>,
    pub(crate) blocks: Vec<Option<MBlock>>,
    pub(crate) reachable: Vec<bool>,
    pub(crate) cur: MBlock,
    pub(crate) cur_loc: Option<(u32, u32, u32)>,
    pub(crate) cur_inst: Option<Inst>,
    /// Local depot layout: next free offset and max alignment.
    pub(crate) depot_size: u64,
    pub(crate) depot_align: u64,
    /// Counter for call sequences and prototypes.
    pub(crate) callseq: u32,
    /// Phis to fill after all blocks are lowered: (IR phi, machine block, index in it).
    pub(crate) pending_phis: Vec<(Inst, MBlock, usize)>,
    /// Per machine block (by index): a prefix length of its instructions known to hold no branch, so
    /// [`Lower::move_before_branches`] never rescans a block's body (isel only appends or inserts, never removes,
    /// so a prefix without branches stays without branches).
    pub(crate) no_branch_prefix: Vec<usize>,
    /// The first opcode spelling that did not parse (an internal error; see [`Lower::mi`]).
    pub(crate) bad_opcode: std::cell::RefCell<Option<String>>,
    /// `--knob cuda-atomics=relaxed`: CUDA's atomic functions as relaxed device-scope atomics (see
    /// `atomic_prefix`).
    pub(crate) cuda_relaxed_atomics: bool,
    /// `--knob div-by-const` (default on): integer division and remainder by a constant as multiply-high
    /// sequences ([`divconst`]).
    pub(crate) div_by_const_enabled: bool,
    /// `--knob ldg-readonly` (default on): `ld.global.nc` for loads of read-only memory ([`readonly`]).
    pub(crate) ldg_readonly: bool,
    /// `--knob gep-const-offset` (default on): constant parts of GEP indices become address offsets.
    pub(crate) gep_const_offset: bool,
    /// `--knob gep-inbounds-nonneg` (default on): an inbounds GEP's sign-extended index is assumed non-negative
    /// when splitting its constant part (LLVM's assumption).
    pub(crate) gep_inbounds_nonneg: bool,
    /// `--knob gep-signed-terms` (default on): `sext` of an `nsw` add tree with terms of any sign splits its
    /// constants, the terms widened one by one ([`index::IndexExt::SignedEach`]).
    pub(crate) gep_split_signed_terms: bool,
    /// For [`index::IndexExt::SignedEach`] splits: the blocks and non-zero constants of the GEP indices that add
    /// constants to each set of variable terms (computed on first use; [`Lower::signed_split_shared`]).
    pub(crate) signed_split_groups: std::cell::OnceCell<index::TermGroups>,
    /// `.b32` registers that wmma results were unpacked from, by their two `.b16` halves: a fragment passed on
    /// unchanged to another wmma instruction reuses the packed register instead of packing the halves again.
    pub(crate) packed_halves: std::collections::HashMap<(Reg, Reg), Reg>,
    /// The pieces of each under-aligned integer load ([`Lower::load_leaf_aligned`]) by the register holding the
    /// reassembled value: `(offset, size, piece)`, each piece zero-extended as read. A store of that register
    /// split into the same pieces stores them as they are instead of shifting the value apart again.
    pub(crate) split_loads: std::collections::HashMap<Reg, mem::Pieces>,
    /// `--knob shared-addr-once` (default on) on sm_90 and later: each shared variable's address is read once
    /// per function, in the entry block ([`Lower::shared_address`]).
    pub(crate) shared_addr_once: bool,
    /// The register holding each shared variable's address under `shared_addr_once`.
    pub(crate) shared_addrs: rustc_hash::FxHashMap<simtc_ir::GlobalId, Reg>,
    /// `--knob rsqrt-approx` (default on): `1.0 / sqrt.approx(x)` is `rsqrt.approx(x)`.
    pub(crate) rsqrt_approx: bool,
    /// `--knob bool-bytes` (default on): `zext` of a logic tree of `trunc nuw` bytes as integer logic on the
    /// bytes ([`boolbytes`]).
    pub(crate) bool_bytes_enabled: bool,
    /// `--knob stack-coloring` (default on): allocas whose lifetimes never meet share a depot slot
    /// ([`stack_color`]).
    pub(crate) stack_coloring: bool,
    /// `stack-coloring-max-share`: the most allocas one depot slot holds (0: no limit).
    pub(crate) stack_share_max: usize,
    /// `stack-coloring-large`: allocas above this many bytes share a slot with other such allocas without the
    /// `stack-coloring-max-share` limit (0: the limit applies to every alloca).
    pub(crate) stack_large: u64,
    /// The shared depot slot of each alloca that shares one ([`Lower::plan_stack`]).
    pub(crate) alloca_slot: rustc_hash::FxHashMap<Inst, usize>,
    /// Shared depot slots: size, alignment and offset once reserved.
    pub(crate) stack_slots: Vec<(u64, u64, Option<u64>)>,
}

/// The knobs of instruction selection.
pub const KNOBS: &[simtc_opt::KnobDef] = &[
    simtc_opt::KnobDef {
        name: "cuda-atomics",
        kind: simtc_opt::KnobKind::Enum(&["auto", "exact", "relaxed"]),
        default: "auto",
        seed: "simtc",
        doc: "exact: seq_cst system-scope atomicrmw/cmpxchg as the PTX memory model maps them (fence.sc.sys + \
              atom.acq_rel.sys); relaxed: as CUDA defines atomicAdd & co. (relaxed, device scope: nvcc's \
              atom.global.add, what llc-19 emits); auto: relaxed when the module's llvm.ident names a clang \
              older than 23 (which spelled CUDA's relaxed __nvvm_atom builtins as seq_cst, LLVM PR 185822), \
              exact otherwise",
    },
    simtc_opt::KnobDef {
        name: "div-by-const",
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "isel: integer division and remainder by a constant as multiply-high sequences (Granlund-Montgomery, \
              as llc does; ptxas expands div/rem into ~20-70 SASS instructions); false: div/rem instructions",
    },
    simtc_opt::KnobDef {
        name: "ldg-readonly",
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "isel: plain global loads of memory the kernel never writes (`!invariant.load`, or every underlying \
              object a noalias readonly kernel parameter or a constant global) use the non-coherent path \
              `ld.global.nc`, as llc does; false: `ld.global`",
    },
    simtc_opt::KnobDef {
        name: "gep-const-offset",
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "isel: the constant part of a GEP index (`zext (add nuw x, c)`, `sext (add nsw x, c)`, 64-bit \
              `add x, c`) joins the GEP's constant offset, so accesses that differ only in it share a base and \
              use `[r+imm]` (LLVM's SeparateConstOffsetFromGEP, which llc runs); false: the index as written",
    },
    simtc_opt::KnobDef {
        name: "gep-inbounds-nonneg",
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "isel, with gep-const-offset: an inbounds GEP's index `sext (add x, c)` with `c >= 0` splits even \
              without `nsw`, assuming the index is non-negative as LLVM's SeparateConstOffsetFromGEP (and so \
              llc-19) does; it differs from the source only for an index that wrapped to about -2^31; false: \
              only `nsw` adds (and `zext nneg` ones) split",
    },
    simtc_opt::KnobDef {
        name: "gep-signed-terms",
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "isel, with gep-const-offset: a GEP index `sext` of a tree of `nsw` adds (`or disjoint` counted as one) \
              with constants among terms of any sign splits as `sext a + sext b + ... + c`, each term widened on \
              its own (an unrolled `a[(j << 10 | 4096) + i]` then shares `[r+imm]` with `a[(j << 10) + i]`); false: \
              only trees of terms known non-negative split",
    },
    simtc_opt::KnobDef {
        name: "bool-bytes",
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "isel: `zext i1 e to iN` of an and/or/xor tree (logical selects included) over `trunc nuw iN x to i1` \
              leaves is the same tree of and/or/xor on the `x` (CUDA bools as bytes: `f[i] = a[i] && b[i]` is one \
              `and.b16`, as llc's DAG combiner makes it); false: through predicates",
    },
    simtc_opt::KnobDef {
        name: "stack-coloring-max-share",
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 16 },
        default: "2",
        seed: "simtc",
        doc: "isel, with stack-coloring: the most allocas that share one depot slot (a slot of three or more \
              indexed arrays is where ptxas turned the merged array into registers and select chains: minibude's \
              six sinf/cosf reduction arrays, 1,097 SASS against 861 with pairs); 0: no limit",
    },
    simtc_opt::KnobDef {
        name: "stack-coloring-large",
        kind: simtc_opt::KnobKind::Int { min: 0, max: 1 << 30 },
        default: "256",
        seed: "simtc",
        doc: "isel, with stack-coloring: allocas larger than this many bytes (arrays ptxas keeps in local memory \
              whatever they share) share one depot slot with any number of other such allocas whose lifetimes \
              never meet, as llc's StackColoring lets them (interval's three 2,056-byte interval stacks: 4,144 \
              bytes of frame with pairs, 2,056 merged, llc 2,056); 0: stack-coloring-max-share limits them too",
    },
    simtc_opt::KnobDef {
        name: "stack-coloring",
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "isel: allocas whose lifetimes (llvm.lifetime.start/end) never meet in a block share one slot of the \
              local depot (LLVM's StackColoring; sinf and cosf slow paths in one kernel then share their 7-word \
              reduction array, which ptxas keeps in registers); false: a slot per alloca",
    },
    simtc_opt::KnobDef {
        name: "shared-addr-once",
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "isel, sm_90 and later: a shared variable's address is read once per function (in the entry block; \
              `sink` then moves it to the nearest common dominator of its uses, as llc's MachineCSE PRE places \
              it), since ptxas makes each `mov.u64 %rd, shared_var` five SASS instructions (the CTA's window in \
              the cluster's shared memory) and does not common them across blocks; false: one read per use block",
    },
    simtc_opt::KnobDef {
        name: "rsqrt-approx",
        kind: simtc_opt::KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "isel: `fdiv float 1.0, llvm.nvvm.sqrt.approx.f(x)` (the fast-math `1.0f / sqrtf(x)`) is \
              `rsqrt.approx.f32 x` (`.ftz` for the ftz square root), as llc-19's NVPTX patterns make it (one \
              MUFU.RSQ instead of MUFU.SQRT and a reciprocal's expansion); false: the square root and `rcp.rn`",
    },
];

/// Whether the module's `seq_cst` system-scope `atomicrmw`/`cmpxchg` are CUDA's relaxed atomic functions
/// (`cuda-atomics=auto`): the module's `llvm.ident` names a clang older than 23. Those clangs lowered the
/// `__nvvm_atom*` builtins behind `atomicAdd`, `atomicCAS` & co. with LLVM's default `seq_cst` ordering although
/// CUDA defines them as relaxed (fixed by LLVM PR 185822, clang 23, which now writes `monotonic`); the NVPTX back
/// end of the same releases ignored the ordering, so llc-19 and nvcc emit a plain relaxed `atom` for them. A module
/// without `llvm.ident` (hand-written IR, other front ends) keeps the IR's semantics.
pub(crate) fn seq_cst_means_cuda_relaxed(m: &Module) -> bool {
    let Some(ids) = m.metadata.named("llvm.ident") else { return false };
    ids.iter().any(|&id| {
        let simtc_ir::MdNode::Tuple { ops, .. } = m.metadata.node(id) else { return false };
        ops.iter().any(|op| {
            let simtc_ir::MdOperand::String(b) = op else { return false };
            let text = String::from_utf8_lossy(b);
            let Some(at) = text.find("clang version ") else { return false };
            let major: String =
                text[at + "clang version ".len()..].chars().take_while(|c| c.is_ascii_digit()).collect();
            major.parse::<u32>().is_ok_and(|v| v < 23)
        })
    })
}

/// Most cases of a switch whose last test is inverted (see [`Lower::lower_switch`]).
const SMALL_SWITCH: usize = 3;

impl<'a> Lower<'a> {
    /// Lowers `fid` (a definition) to MIR in SSA form. The CFG and uniformity come from `analyses` (computed
    /// there when missing, so an IR pipeline that ran before leaves nothing to recompute).
    pub fn run(
        m: &'a Module,
        fid: FuncId,
        abi: &'a FunctionAbi,
        opts: &'a Options,
        files: &'a FileTable,
        analyses: &'a FunctionAnalyses,
        knobs: &simtc_opt::Knobs,
    ) -> Result<MFunction> {
        let f = &m.funcs[fid];
        let uni = analyses.uniformity(m, fid);
        let spaces = spaces::infer(m, f, abi.is_kernel);
        let mut lw = Lower {
            m,
            fid,
            f,
            abi,
            opts,
            files,
            uni,
            analyses,
            spaces,
            mf: MFunction {
                name: crate::ptx::names::func_symbol(m, fid),
                is_kernel: abi.is_kernel,
                ..MFunction::default()
            },
            vals: std::iter::repeat_with(SmallVec::new).take(f.dfg.num_values()).collect(),
            blocks: vec![None; f.dfg.num_blocks()],
            reachable: vec![false; f.dfg.num_blocks()],
            cur: MBlock(0),
            cur_loc: None,
            cur_inst: None,
            depot_size: 0,
            depot_align: 1,
            callseq: 0,
            pending_phis: Vec::new(),
            no_branch_prefix: Vec::new(),
            bad_opcode: Default::default(),
            cuda_relaxed_atomics: match knobs.word("cuda-atomics") {
                "relaxed" => true,
                "exact" => false,
                _ => seq_cst_means_cuda_relaxed(m),
            },
            div_by_const_enabled: knobs.bool("div-by-const"),
            ldg_readonly: knobs.bool("ldg-readonly"),
            gep_const_offset: knobs.bool("gep-const-offset"),
            gep_inbounds_nonneg: knobs.bool("gep-inbounds-nonneg"),
            gep_split_signed_terms: knobs.bool("gep-signed-terms"),
            signed_split_groups: Default::default(),
            packed_halves: Default::default(),
            split_loads: Default::default(),
            shared_addr_once: knobs.bool("shared-addr-once") && opts.target.sm() >= 90,
            shared_addrs: Default::default(),
            rsqrt_approx: knobs.bool("rsqrt-approx"),
            bool_bytes_enabled: knobs.bool("bool-bytes"),
            stack_coloring: knobs.bool("stack-coloring"),
            stack_share_max: knobs.int("stack-coloring-max-share").max(0) as usize,
            stack_large: knobs.int("stack-coloring-large").max(0) as u64,
            alloca_slot: Default::default(),
            stack_slots: Vec::new(),
        };
        lw.lower().map_err(|e| e.in_function(&f.name))?;
        if let Some(e) = lw.bad_opcode.take() {
            return Err(CodegenError::new(format!("internal: instruction selection produced an invalid opcode: {e}"))
                .in_function(&f.name));
        }
        Ok(lw.mf)
    }

    fn lower(&mut self) -> Result<()> {
        let order: Vec<Block> = self.f.layout.blocks().collect();
        for &b in &order {
            let mb = self.mf.new_block();
            self.blocks[b.index()] = Some(mb);
            self.mf.divergent_blocks[mb.0 as usize] = self.uni.is_divergent_block(b);
        }
        let Some(&entry) = order.first() else { return Ok(()) };
        self.cur = self.blocks[entry.index()].unwrap_or(MBlock(0));
        self.plan_stack();
        self.lower_params()?;
        // Lower in reverse post-order so every definition is lowered before its (non-phi) uses; blocks that are
        // unreachable from the entry become `trap; exit;` (their code can never run).
        let mut rpo = self.analyses.cfg(self.f).post_order();
        rpo.reverse();
        for &b in &rpo {
            self.reachable[b.index()] = true;
        }
        for &b in &order {
            if !self.reachable[b.index()] {
                self.cur = self.mblock(b);
                self.emit_effect("trap", &[], &[]);
                self.emit(self.mi("exit", &[], &[]));
            }
        }
        for &b in &rpo {
            self.cur = self.mblock(b);
            self.lower_loop_pragma(b);
            let mut i = self.f.layout.first_inst(b);
            while let Some(inst) = i {
                self.cur_inst = Some(inst);
                self.cur_loc = self.loc_of(inst);
                self.lower_inst(b, inst).map_err(|e| self.locate(e, inst))?;
                i = self.f.layout.next_inst(inst);
            }
        }
        self.cur_inst = None;
        self.fill_phis()?;
        self.finish_depot();
        Ok(())
    }

    /// Attaches the instruction's source location to an error.
    fn locate(&self, mut e: CodegenError, inst: Inst) -> CodegenError {
        if e.loc.is_none() {
            if let Some(md) = self.f.dfg.get_inst_md(inst, simtc_ir::MetadataTable::dbg_kind()) {
                if let Some(dl) = self.m.metadata.di_location(md) {
                    let file = self.files.file_name_of_scope(self.m, dl.scope).unwrap_or_default();
                    e.loc = Some((file, dl.line, dl.column));
                }
            }
        }
        e
    }

    fn loc_of(&self, inst: Inst) -> Option<(u32, u32, u32)> {
        let md = self.f.dfg.get_inst_md(inst, simtc_ir::MetadataTable::dbg_kind())?;
        let dl = self.m.metadata.di_location(md)?;
        let idx = self.files.index_of_scope(self.m, dl.scope)?;
        Some((idx, dl.line, dl.column))
    }

    fn lower_loop_pragma(&mut self, b: Block) {
        // `.pragma "nounroll";` goes at the loop header; the IR attaches `llvm.loop` to the latch branch, so
        // it is attached to the latch's target that precedes it in layout (the header) in `fill_pragmas`.
        let Some(t) = self.f.layout.last_inst(b) else { return };
        let Some(kind) = self.m.metadata.find_kind("llvm.loop") else { return };
        let Some(md) = self.f.dfg.get_inst_md(t, kind) else { return };
        if !self.loop_md_disables_unroll(md) {
            return;
        }
        for s in self.f.successors(b) {
            // The header is the successor that dominates the latch: the one laid out first, not after b.
            let mut x = Some(s);
            let mut before = false;
            while let Some(y) = x {
                if y == b {
                    before = true;
                    break;
                }
                x = self.f.layout.next_block(y);
            }
            if before {
                let mb = self.mblock(s);
                let p = &mut self.mf.block_mut(mb).pragmas;
                if !p.iter().any(|x| x.contains("nounroll")) {
                    p.push(".pragma \"nounroll\";".into());
                }
            }
        }
    }

    fn loop_md_disables_unroll(&self, md: simtc_ir::MdId) -> bool {
        self.m.metadata.references(md).into_iter().any(|r| match self.m.metadata.node(r) {
            simtc_ir::MdNode::Tuple { ops, .. } => matches!(
                ops.first(),
                Some(simtc_ir::MdOperand::String(s)) if s == b"llvm.loop.unroll.disable"
            ),
            _ => false,
        })
    }

    pub(crate) fn mblock(&self, b: Block) -> MBlock {
        self.blocks[b.index()].expect("every laid-out block has a machine block")
    }

    /// Appends an instruction to the current block.
    pub(crate) fn emit(&mut self, mut i: MInst) {
        i.loc = self.cur_loc;
        let cur = self.cur;
        self.mf.block_mut(cur).insts.push(i);
    }

    /// An instruction from its PTX opcode spelling. Instruction selection spells opcodes as PTX does
    /// (`format!("setp.{cmp}.{ty}")`); [`Opcode::parse`] turns the spelling into data here. A spelling outside
    /// the vocabulary is an internal error reported when the function is finished ([`Lower::run`]), never a
    /// panic; every spelling isel can produce is exercised by the codegen tests.
    pub(crate) fn mi(&self, op: impl AsRef<str>, dsts: &[Operand], srcs: &[Operand]) -> MInst {
        MInst::new(self.opc(op.as_ref()), dsts, srcs)
    }

    /// Parses an opcode spelling (see [`Lower::mi`]).
    pub(crate) fn opc(&self, s: &str) -> Opcode {
        thread_local! {
            // Parsed spellings (isel names a few hundred distinct opcodes, each many times): parsing is a pure
            // function of the text, so a per-thread memo changes nothing but the time.
            static PARSED: std::cell::RefCell<rustc_hash::FxHashMap<Box<str>, Opcode>> = Default::default();
        }
        if let Some(o) = PARSED.with(|m| m.borrow().get(s).cloned()) {
            return o;
        }
        match Opcode::parse(s) {
            Ok(o) => {
                PARSED.with(|m| m.borrow_mut().insert(s.into(), o.clone()));
                o
            }
            Err(e) => {
                let mut bad = self.bad_opcode.borrow_mut();
                if bad.is_none() {
                    *bad = Some(e.0);
                }
                Opcode::new(OpKind::Trap, &[])
            }
        }
    }

    /// Emits `op dst, srcs...` into a new register of class `c` and returns it. When every source is a
    /// warp-uniform register or a constant and the instruction computes only from its sources, the result is
    /// recorded as uniform too.
    pub(crate) fn emit_def(&mut self, op: impl AsRef<str>, c: RegClass, srcs: &[Operand]) -> Reg {
        let r = self.mf.new_reg(c);
        let i = self.mi(op, &[Operand::Reg(r)], srcs);
        if self.uniform_sources(&i) {
            self.mf.uniform[r.0 as usize] = true;
        }
        self.emit(i);
        r
    }

    /// Whether `i` computes a warp-uniform result: a pure computation (no memory, no special register, not
    /// warp-synchronous) of uniform registers and constants, in the SSA form isel produces.
    fn uniform_sources(&self, i: &MInst) -> bool {
        // A kernel parameter is the same for every thread of the grid.
        if self.abi.is_kernel
            && i.kind() == OpKind::Ld
            && i.op.space() == Some(crate::mir::Mod::Param)
            && matches!(i.srcs.as_slice(), [Operand::Addr(b, _)] if matches!(**b, Operand::Sym(_)))
        {
            return true;
        }
        i.guard.is_none()
            && i.srcs.iter().all(|s| match s {
                Operand::Reg(r) => self.mf.is_uniform(*r),
                Operand::Imm(_) | Operand::F32(_) | Operand::F64(_) => true,
                Operand::Sym(_) => !s.is_special_reg(),
                _ => false,
            })
            && i.effects().is_pure()
    }

    /// Emits an instruction whose effects matter (stores, barriers, ...; [`MInst::effects`] says which).
    pub(crate) fn emit_effect(&mut self, op: impl AsRef<str>, dsts: &[Operand], srcs: &[Operand]) {
        let i = self.mi(op, dsts, srcs);
        self.emit(i);
    }

    /// Defines the registers of `v`; they are recorded as uniform when the uniformity analysis proves `v` is.
    pub(crate) fn define(&mut self, v: Value, regs: SmallVec<[Reg; 1]>) {
        // Temporal divergence: a value uniform inside a cycle with a divergent exit differs between threads that
        // left in different iterations; its register is then not uniform at every use.
        let uniform =
            !self.uni.is_divergent(v) && self.f.dfg.uses(v).iter().all(|u| !self.uni.is_divergent_use(v, u.inst));
        if uniform {
            for r in &regs {
                self.mf.uniform[r.0 as usize] = true;
            }
        }
        self.vals[v.index()] = regs;
    }

    pub(crate) fn ty(&self, v: Value) -> Type {
        self.f.dfg.value_ty(v)
    }

    pub(crate) fn int_width(&self, ty: Type) -> Option<u32> {
        self.m.types.int_width(ty)
    }

    /// The single register (or immediate) of a scalar value.
    pub(crate) fn op(&mut self, v: Value) -> Result<Operand> {
        match self.f.dfg.value_def(v) {
            ValueDef::Inst(_) | ValueDef::Arg(_) => {
                let r = self.vals[v.index()].first().copied().ok_or_else(|| {
                    CodegenError::new(format!("internal: value {} used before it was lowered", self.f.value_label(v)))
                })?;
                Ok(Operand::Reg(r))
            }
            ValueDef::Const(c) => self.const_operand(*c, self.ty(v)),
            _ => Err(CodegenError::unsupported("metadata or inline asm used as a value")),
        }
    }

    /// The scalar operand of `v` in a register (immediates are moved into one).
    pub(crate) fn reg(&mut self, v: Value) -> Result<Reg> {
        let o = self.op(v)?;
        let c = class_of(self.m, self.ty(v))?;
        Ok(self.materialize(o, c))
    }

    /// Moves an operand into a register of class `c` if it is not one already.
    pub(crate) fn materialize(&mut self, o: Operand, c: RegClass) -> Reg {
        match o {
            Operand::Reg(r) => r,
            Operand::Imm(v) if c == RegClass::Pred => {
                self.emit_def("setp.ne.s32", c, &[Operand::Imm(v & 1), Operand::Imm(0)])
            }
            o => {
                let r = self.mf.new_reg(c);
                let i = MInst::copy(c, r, o);
                if self.uniform_sources(&i) {
                    self.mf.uniform[r.0 as usize] = true;
                }
                self.emit(i);
                r
            }
        }
    }

    /// All leaf registers of an aggregate or vector value (constants are materialized).
    pub(crate) fn regs(&mut self, v: Value) -> Result<SmallVec<[Reg; 1]>> {
        match self.f.dfg.value_def(v) {
            ValueDef::Inst(_) | ValueDef::Arg(_) => Ok(self.vals[v.index()].clone()),
            ValueDef::Const(c) => {
                let c = *c;
                let ty = self.ty(v);
                let ops = self.const_leaves(c, ty)?;
                let mut lv = Vec::new();
                leaves(self.m, ty, 0, &mut lv);
                let mut out = SmallVec::new();
                for (o, (lt, _)) in ops.into_iter().zip(lv) {
                    let cl = class_of(self.m, lt)?;
                    out.push(self.materialize(o, cl));
                }
                Ok(out)
            }
            _ => Err(CodegenError::unsupported("metadata used as a value")),
        }
    }

    /// The operand of a scalar constant. Global addresses and constant expressions emit instructions.
    pub(crate) fn const_operand(&mut self, c: ConstId, ty: Type) -> Result<Operand> {
        let m = self.m;
        Ok(match m.consts.data(c) {
            ConstData::Int(_, ap) => {
                let w = ap.width();
                if w > 64 {
                    return Err(CodegenError::unsupported(format!("i{w} constants")));
                }
                let raw = ap.as_u128() as u64;
                let v = if w == 64 { raw as i64 } else { ((raw << (64 - w)) as i64) >> (64 - w) };
                if w == 1 {
                    Operand::Imm(raw as i64 & 1)
                } else {
                    Operand::Imm(v)
                }
            }
            ConstData::Float(t, bits) => match m.types.data(*t) {
                TypeData::Float => Operand::F32(*bits as u32),
                TypeData::Double => Operand::F64(*bits as u64),
                TypeData::Half | TypeData::BFloat => Operand::Imm(*bits as i64),
                _ => return Err(CodegenError::unsupported("this floating-point constant type")),
            },
            ConstData::Null(_) | ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_) => {
                class_of(m, ty)?.zero()
            }
            ConstData::Global(..) | ConstData::Expr { .. } => {
                let (r, sp) = self.const_ptr_or_int(c)?;
                if m.types.is_ptr(ty) {
                    let want = spaces::space_of_type(m, ty);
                    Operand::Reg(self.convert_space(r, sp, want)?)
                } else {
                    Operand::Reg(r)
                }
            }
            _ => return Err(CodegenError::unsupported("an aggregate constant used as a scalar")),
        })
    }

    /// Operands of every leaf of a constant.
    pub(crate) fn const_leaves(&mut self, c: ConstId, ty: Type) -> Result<Vec<Operand>> {
        let m = self.m;
        let mut lv = Vec::new();
        leaves(m, ty, 0, &mut lv);
        match m.consts.data(c).clone() {
            ConstData::Array(_, elems) | ConstData::Struct(_, elems) | ConstData::Vector(_, elems) => {
                let mut out = Vec::new();
                for e in elems {
                    let et = m.consts.ty(e);
                    out.extend(self.const_leaves(e, et)?);
                }
                Ok(out)
            }
            ConstData::Bytes(_, bytes) => Ok(bytes.iter().map(|b| Operand::Imm(*b as i64)).collect()),
            ConstData::Zero(_) | ConstData::Undef(_) | ConstData::Poison(_) if lv.len() != 1 || lv[0].0 != ty => {
                let mut out = Vec::new();
                for (lt, _) in lv {
                    out.push(class_of(m, lt)?.zero());
                }
                Ok(out)
            }
            _ => Ok(vec![self.const_operand(c, ty)?]),
        }
    }

    /// Block of the current machine instruction stream for an IR block's successor edge.
    pub(crate) fn is_uniform_branch(&self, b: Block) -> bool {
        !self.uni.is_divergent_branch(b)
    }

    /// Whether the IR block containing the current instruction may execute with a divergent subset of a warp.
    pub(crate) fn in_divergent_block(&self, b: Block) -> bool {
        self.uni.is_divergent_block(b)
    }

    fn lower_inst(&mut self, b: Block, inst: Inst) -> Result<()> {
        let data = self.f.dfg.inst(inst);
        match &data.kind {
            InstKind::Binary(_) | InstKind::FNeg | InstKind::ICmp(_) | InstKind::FCmp(_) | InstKind::Select => {
                self.lower_arith(inst)
            }
            InstKind::Cast(_) => self.lower_cast(inst),
            InstKind::Phi { .. } => {
                let v = self.f.dfg.result(inst).expect("phi has a result");
                let ty = self.ty(v);
                let mut lv = Vec::new();
                leaves(self.m, ty, 0, &mut lv);
                let mut regs = SmallVec::new();
                for (lt, _) in lv {
                    let c = class_of(self.m, lt)?;
                    let r = self.mf.new_reg(c);
                    let mut mi = self.mi("phi", &[Operand::Reg(r)], &[]);
                    mi.loc = None;
                    let cur = self.cur;
                    let idx = self.mf.block(cur).insts.len();
                    self.mf.block_mut(cur).insts.push(mi);
                    self.pending_phis.push((inst, cur, idx));
                    regs.push(r);
                }
                self.define(v, regs);
                Ok(())
            }
            InstKind::Alloca { .. } => self.lower_alloca(inst),
            InstKind::Load(_) => self.lower_load(inst),
            InstKind::Store(_) => self.lower_store(inst),
            InstKind::Gep { .. } => self.lower_gep(inst),
            InstKind::Call(_) => self.lower_call(b, inst),
            InstKind::AtomicRmw(..) => self.lower_atomicrmw(inst),
            InstKind::CmpXchg { .. } => self.lower_cmpxchg(inst),
            InstKind::Fence(mf) => {
                let mf = mf.clone();
                self.lower_fence(&mf)
            }
            InstKind::ExtractElement
            | InstKind::InsertElement
            | InstKind::ShuffleVector { .. }
            | InstKind::ExtractValue { .. }
            | InstKind::InsertValue { .. } => self.lower_aggregate(inst),
            InstKind::Freeze => {
                let v = self.f.dfg.result(inst).expect("freeze has a result");
                let a = self.f.dfg.args(inst)[0];
                let regs = self.regs(a)?;
                self.define(v, regs);
                Ok(())
            }
            InstKind::Br { .. }
            | InstKind::CondBr { .. }
            | InstKind::Switch { .. }
            | InstKind::Ret
            | InstKind::Unreachable => self.lower_terminator(b, inst),
        }
    }

    fn lower_terminator(&mut self, b: Block, inst: Inst) -> Result<()> {
        let kind = self.f.dfg.inst(inst).kind.clone();
        match kind {
            InstKind::Br { dest } => {
                let t = self.mblock(dest);
                self.emit(self.mi("bra.uni", &[], &[Operand::Label(t)]));
            }
            InstKind::CondBr { then_dest, else_dest } => {
                let c = self.f.dfg.args(inst)[0];
                let (t, e) = (self.mblock(then_dest), self.mblock(else_dest));
                // A compare of two constants (left when simplifycfg, which folds it, is off) is branched on
                // without `.uni`: ptxas crashes on some `@p bra.uni` with a constant `p` (see `const_condition`).
                // The branch stays, so the CFG, and the phis of the other successor, stay as the IR has them.
                let known = simtc_opt::passes::util::const_condition(&self.m.consts, self.f, c).is_some();
                let uniform = self.is_uniform_branch(b) && !known;
                match self.op(c)? {
                    Operand::Imm(k) => {
                        let target = if k & 1 == 1 { t } else { e };
                        self.emit(self.mi("bra.uni", &[], &[Operand::Label(target)]));
                    }
                    o => {
                        let p = self.materialize(o, RegClass::Pred);
                        let mut br = self.mi(if uniform { "bra.uni" } else { "bra" }, &[], &[Operand::Label(t)]);
                        br.guard = Some((p, false));
                        self.emit(br);
                        self.emit(self.mi("bra.uni", &[], &[Operand::Label(e)]));
                    }
                }
            }
            InstKind::Switch { default, cases } => self.lower_switch(b, inst, default, &cases)?,
            InstKind::Ret => self.lower_ret(inst)?,
            InstKind::Unreachable => {
                self.emit_effect("trap", &[], &[]);
                self.emit(self.mi("exit", &[], &[]));
            }
            _ => unreachable!("not a terminator"),
        }
        Ok(())
    }

    /// Lowers a `switch` to one `setp.eq` and conditional branch per case, then a branch to the default.
    fn lower_switch(&mut self, b: Block, inst: Inst, default: Block, cases: &[(ConstId, Block)]) -> Result<()> {
        let v = self.f.dfg.args(inst)[0];
        let ty = self.ty(v);
        let w = self.int_width(ty).unwrap_or(32);
        let c = class_of(self.m, ty)?;
        let x = self.op(v)?;
        let x = self.normalized(x, w, c, false);
        let bits = c.bits().max(16);
        let uniform = self.is_uniform_branch(b);
        // A switch of two or three cases ends with the last test inverted, `@!%p bra default; bra T`: a block of
        // consecutive `setp.eq` + `@%p bra` on one register is what ptxas turns into a jump table (`BRX`: a bound
        // check, an index scaled and added, a constant-bank load and the indirect branch), longer than the tests
        // for so few cases and an indirect branch at run time; with the last test inverted ptxas keeps the
        // compares (llc's lowering has the same shape). LLVM builds jump tables from four cases up.
        let invert_last = (2..=SMALL_SWITCH).contains(&cases.len());
        let d = self.mblock(default);
        for (n, (k, target)) in cases.iter().enumerate() {
            let val = match self.m.consts.data(*k) {
                ConstData::Int(_, ap) => ap.as_u128() as i64,
                _ => return Err(CodegenError::unsupported("a switch case that is not an integer")),
            };
            let val = if bits < 64 { val & ((1i64 << w.min(63)) - 1).max(1) } else { val };
            let p = if c == RegClass::Pred {
                let one = self.materialize(x.clone(), RegClass::Pred);
                if val & 1 == 1 {
                    one
                } else {
                    self.emit_def("not.pred", RegClass::Pred, &[Operand::Reg(one)])
                }
            } else {
                self.emit_def(format!("setp.eq.u{bits}"), RegClass::Pred, &[x.clone(), Operand::Imm(val)])
            };
            let t = self.mblock(*target);
            if invert_last && n + 1 == cases.len() {
                let mut br = self.mi(if uniform { "bra.uni" } else { "bra" }, &[], &[Operand::Label(d)]);
                br.guard = Some((p, true));
                self.emit(br);
                self.emit(self.mi("bra.uni", &[], &[Operand::Label(t)]));
                return Ok(());
            }
            let mut br = self.mi(if uniform { "bra.uni" } else { "bra" }, &[], &[Operand::Label(t)]);
            br.guard = Some((p, false));
            self.emit(br);
        }
        self.emit(self.mi("bra.uni", &[], &[Operand::Label(d)]));
        Ok(())
    }

    /// Normalizes the upper bits of an integer of width `w` held in a register of class `c`: sign- or
    /// zero-extends within the register. Returns the operand unchanged when `w` fills the register.
    pub(crate) fn normalized(&mut self, o: Operand, w: u32, c: RegClass, signed: bool) -> Operand {
        let cb = c.bits();
        if c == RegClass::Pred || w >= cb || !matches!(c, RegClass::B16 | RegClass::B32 | RegClass::B64) {
            return o;
        }
        if let Operand::Imm(v) = o {
            let sh = 64 - w;
            return Operand::Imm(if signed { (v << sh) >> sh } else { ((v as u64) << sh >> sh) as i64 });
        }
        if signed && matches!(w, 8 | 16 | 32) {
            // One `cvt` from the narrow type (cvt may read a register wider than its source type): ptxas makes
            // it one sign-extending `PRMT`/`SGXT`, where the shift pair below is two instructions.
            return Operand::Reg(self.emit_def(format!("cvt.s{cb}.s{w}"), c, &[o]));
        }
        if signed {
            let t = self.emit_def(format!("shl.b{cb}"), c, &[o, Operand::Imm((cb - w) as i64)]);
            Operand::Reg(self.emit_def(format!("shr.s{cb}"), c, &[Operand::Reg(t), Operand::Imm((cb - w) as i64)]))
        } else {
            let mask = if w == 64 { -1 } else { ((1u64 << w) - 1) as i64 };
            Operand::Reg(self.emit_def(format!("and.b{cb}"), c, &[o, Operand::Imm(mask)]))
        }
    }

    /// The register class of a phi operand that is `undef` or `poison` (one register wide, not a predicate:
    /// predicates stay constants, which the predicate selects of `ifconvert` fold), else `None`.
    fn undef_phi_operand(&self, v: Value, n: usize) -> Result<Option<RegClass>> {
        if n != 1 {
            return Ok(None);
        }
        let simtc_ir::ValueDef::Const(c) = self.f.dfg.value_def(v) else {
            return Ok(None);
        };
        if !self.m.consts.is_undef_or_poison(*c) {
            return Ok(None);
        }
        Ok(match class_of(self.m, self.ty(v))? {
            RegClass::Pred | RegClass::B128 => None,
            c => Some(c),
        })
    }

    fn fill_phis(&mut self) -> Result<()> {
        let pending = std::mem::take(&mut self.pending_phis);
        // Group the leaves of one IR phi: consecutive entries share the instruction.
        let mut k = 0;
        while k < pending.len() {
            let (inst, mb, _) = pending[k];
            let mut n = 1;
            while k + n < pending.len() && pending[k + n].0 == inst {
                n += 1;
            }
            let blocks: SmallVec<[Block; 2]> = self.f.dfg.phi_blocks(inst).into();
            let args: SmallVec<[Value; 3]> = self.f.dfg.args(inst).into();
            let res = self.f.dfg.result(inst).expect("phi has a result");
            let want = spaces_of(self, res);
            let mut srcs: Vec<SmallVec<[Operand; 2]>> = std::iter::repeat_with(SmallVec::new).take(n).collect();
            let mut preds = SmallVec::<[MBlock; 2]>::new();
            for (v, pb) in args.iter().zip(&blocks) {
                // A predecessor with several edges here (switch cases sharing a target) is listed once per edge
                // in the IR, always with the same value; MIR lists each predecessor block once.
                if !self.reachable[pb.index()] || preds.contains(&self.mblock(*pb)) {
                    continue;
                }
                let pmb = self.mblock(*pb);
                preds.push(pmb);
                // Materialize at the end of the predecessor, before its branches.
                let saved = (self.cur, self.cur_loc);
                self.cur = pmb;
                self.cur_loc = None;
                let start = self.mf.block(pmb).insts.len();
                let ops: Vec<Operand> = if let Some(c) = self.undef_phi_operand(*v, n)? {
                    // `undef`/`poison` on this edge: no copy, whatever the register holds (see `OpKind::Undef`).
                    let r = self.mf.new_reg(c);
                    self.emit(MInst::new(Opcode::new(OpKind::Undef, &[c.mov_mod()]), &[Operand::Reg(r)], &[]));
                    vec![Operand::Reg(r)]
                } else if n == 1 && self.m.types.is_ptr(self.ty(*v)) {
                    let (r, sp) = self.ptr(*v)?;
                    vec![Operand::Reg(self.convert_space(r, sp, want)?)]
                } else if n == 1 {
                    vec![self.op(*v)?]
                } else {
                    self.regs(*v)?.into_iter().map(Operand::Reg).collect()
                };
                self.move_before_branches(pmb, start);
                self.cur = saved.0;
                self.cur_loc = saved.1;
                for (j, o) in ops.into_iter().enumerate() {
                    srcs[j].push(o);
                }
            }
            for j in 0..n {
                let (_, mb2, idx) = pending[k + j];
                debug_assert_eq!(mb2, mb);
                let mi = &mut self.mf.block_mut(mb2).insts[idx];
                mi.srcs = srcs[j].clone().into_iter().collect();
                mi.phi_blocks = preds.clone();
            }
            k += n;
        }
        Ok(())
    }

    /// Moves the instructions appended to `b` from index `start` on to just before its first branch. Amortized
    /// O(moved + the block's terminator sequence): the search for the first branch resumes after the prefix
    /// already known to hold none.
    pub(crate) fn move_before_branches(&mut self, b: MBlock, start: usize) {
        let insts = &mut self.mf.block_mut(b).insts;
        if start >= insts.len() {
            return;
        }
        if self.no_branch_prefix.len() <= b.0 as usize {
            self.no_branch_prefix.resize(b.0 as usize + 1, 0);
        }
        let from = self.no_branch_prefix[b.0 as usize].min(start);
        // Before the *first* branch: a lowered switch interleaves its setp's with guarded branches, and what is
        // materialized here (a phi operand) must be defined on every outgoing edge.
        let first_br = insts[from..start]
            .iter()
            .position(|i| i.is_branch() || matches!(i.kind(), OpKind::Exit | OpKind::Ret))
            .map_or(start, |p| from + p);
        if first_br == start {
            self.no_branch_prefix[b.0 as usize] = start;
            return;
        }
        let moved: Vec<MInst> = insts.drain(start..).collect();
        let clean = moved
            .iter()
            .position(|i| i.is_branch() || matches!(i.kind(), OpKind::Exit | OpKind::Ret))
            .unwrap_or(moved.len());
        insts.splice(first_br..first_br, moved);
        self.no_branch_prefix[b.0 as usize] = first_br + clean;
    }
}

fn spaces_of(lw: &Lower<'_>, v: Value) -> Space {
    lw.spaces[v.index()]
}
