//! Printing in the layout of LLVM's `opt -passes='print<uniformity>'`, and reason chains.
//!
//! The layout is LLVM 19's, so the two outputs can be diffed:
//!
//! ```text
//! UniformityInfo for function 'NAME':
//! DIVERGENT ARGUMENTS:            (only when an argument is divergent)
//!   DIVERGENT: ptr %0
//! CYCLES ASSSUMED DIVERGENT:      (sic, LLVM 19's spelling)
//!   depth=1: entries(H B) C
//! CYCLES WITH DIVERGENT EXIT:
//!   depth=1: entries(H) L
//!
//! BLOCK NAME
//! DEFINITIONS
//!   DIVERGENT:   %6 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
//!                %7 = add i32 %1, 1
//! TERMINATORS
//!   DIVERGENT:   br i1 %8, label %9, label %10
//! END BLOCK
//! ```
//!
//! or `ALL VALUES UNIFORM` alone when nothing is divergent. Differences that remain: LLVM prints divergent
//! arguments and cycles in hash order (simtc in argument / discovery order), and the blocks of a cycle in its own
//! discovery order.
//!
//! Instruction text comes from one [`simtc_ir::writer::write_function`] rendering of the function, split into
//! instructions, so printing is linear in the function size (`inst_to_string` renumbers the module per call).

use super::{Reason, UniformityInfo};
use crate::print::SlotNames;
use rustc_hash::FxHashSet;
use simtc_ir::writer::{const_to_string, inst_to_string, type_to_string, write_function};
use simtc_ir::{Block, FuncId, Function, Inst, Module, Value, ValueDef};
use std::fmt::Write;

/// Prints the uniformity of function `f` as LLVM's `print<uniformity>` does (empty for a declaration).
pub fn print(m: &Module, f: FuncId) -> String {
    if m.funcs[f].is_declaration() {
        return String::new();
    }
    UniformityInfo::compute(m, f).to_text(m)
}

/// Prints the uniformity of every function with a body, in module order (what `opt` prints for a file).
pub fn print_module(m: &Module) -> String {
    let mut out = String::new();
    for f in m.func_ids() {
        out.push_str(&print(m, f));
    }
    out
}

/// Printed names of one function's values and blocks, numbered and quoted as the writer does
/// (a view of [`SlotNames`]).
pub(crate) struct Names {
    slots: SlotNames,
}

impl Names {
    pub(crate) fn new(func: &Function) -> Self {
        Names { slots: SlotNames::compute(func) }
    }

    /// The raw block name (LLVM prints `BLOCK 5`, `BLOCK for.body`).
    pub(crate) fn block(&self, b: Block) -> String {
        match self.slots.block_raw(b) {
            Some(raw) => raw.to_string(),
            None => match self.slots.block(b).strip_prefix('%') {
                Some(n) if n.bytes().all(|c| c.is_ascii_digit()) && !n.is_empty() => n.to_string(),
                _ => format!("{b}"),
            },
        }
    }

    /// `%name` of a block, as in operands.
    pub(crate) fn block_ref(&self, b: Block) -> String {
        self.slots.block(b).to_string()
    }

    /// `%name` of an argument or instruction result; constants printed as constants.
    pub(crate) fn value_ref(&self, m: &Module, func: &Function, v: Value) -> String {
        match func.dfg.value_def(v) {
            ValueDef::Const(c) => const_to_string(m, *c),
            ValueDef::Metadata(_) => "metadata".to_string(),
            ValueDef::InlineAsm(_) => "asm".to_string(),
            _ => match self.slots.value(v) {
                Some(n) => n.to_string(),
                None => format!("%{v}"),
            },
        }
    }
}

/// The printed text of every instruction in the layout (with LLVM's two-space indentation, multi-line for
/// `switch`), indexed by `Inst`.
pub(crate) fn inst_texts(m: &Module, f: FuncId) -> Vec<Option<String>> {
    let func = &m.funcs[f];
    let mut out = vec![None; func.dfg.num_insts()];
    let insts: Vec<Inst> = func.layout.blocks().flat_map(|b| func.layout.block_insts(b)).collect();
    let text = write_function(m, f);
    let mut pieces: Vec<String> = Vec::with_capacity(insts.len());
    let mut in_body = false;
    for line in text.lines() {
        if !in_body {
            in_body = line.starts_with("define") && line.ends_with('{');
            continue;
        }
        if line == "}" {
            break;
        }
        if line.starts_with("    ") || line == "  ]" {
            if let Some(last) = pieces.last_mut() {
                last.push('\n');
                last.push_str(line);
            }
        } else if line.starts_with("  ") {
            pieces.push(line.to_string());
        }
    }
    if pieces.len() == insts.len() {
        for (i, t) in insts.into_iter().zip(pieces) {
            out[i.as_u32() as usize] = Some(t);
        }
    } else {
        // Unexpected layout of the function text: fall back to one rendering per instruction.
        for i in insts {
            out[i.as_u32() as usize] = Some(format!("  {}", inst_to_string(m, f, i)));
        }
    }
    out
}

fn cycle_text(names: &Names, rec: &super::CycleRecord) -> String {
    let mut s = format!("depth={}: entries(", rec.depth);
    for (k, &e) in rec.entries.iter().enumerate() {
        if k > 0 {
            s.push(' ');
        }
        s.push_str(&names.block(e));
    }
    s.push(')');
    for &b in &rec.blocks {
        if !rec.entries.contains(&b) {
            s.push(' ');
            s.push_str(&names.block(b));
        }
    }
    s
}

const DIV: &str = "  DIVERGENT: ";
const UNI: &str = "             ";

pub(crate) fn write(info: &UniformityInfo, m: &Module, out: &mut String) {
    let f = info.func;
    let func = &m.funcs[f];
    if func.is_declaration() {
        return;
    }
    let _ = writeln!(out, "UniformityInfo for function '{}':", func.name);
    let any = info.value_reason.iter().any(Option::is_some)
        || info.void_reason.iter().any(Option::is_some)
        || info.term_reason.iter().any(Option::is_some)
        || !info.exit_cycles.is_empty()
        || !info.assumed.is_empty();
    if !any {
        out.push_str("ALL VALUES UNIFORM\n");
        return;
    }
    let names = Names::new(func);
    let div_args: Vec<Value> = func.params.iter().copied().filter(|&p| info.is_divergent(p)).collect();
    if !div_args.is_empty() {
        out.push_str("DIVERGENT ARGUMENTS:\n");
        for p in div_args {
            let _ = writeln!(
                out,
                "{DIV}{} {}",
                type_to_string(&m.types, func.dfg.value_ty(p)),
                names.value_ref(m, func, p)
            );
        }
    }
    if !info.assumed.is_empty() {
        out.push_str("CYCLES ASSSUMED DIVERGENT:\n");
        for rec in &info.assumed {
            let _ = writeln!(out, "  {}", cycle_text(&names, rec));
        }
    }
    if !info.exit_cycles.is_empty() {
        out.push_str("CYCLES WITH DIVERGENT EXIT:\n");
        for rec in &info.exit_cycles {
            let _ = writeln!(out, "  {}", cycle_text(&names, rec));
        }
    }
    let texts = inst_texts(m, f);
    for b in func.layout.blocks() {
        let _ = write!(out, "\nBLOCK {}\nDEFINITIONS\n", names.block(b));
        let mut terms: Vec<Inst> = Vec::new();
        for i in func.layout.block_insts(b) {
            if func.dfg.inst(i).is_terminator() {
                terms.push(i);
                continue;
            }
            let div = info.is_divergent_inst(func, i);
            out.push_str(if div { DIV } else { UNI });
            out.push_str(texts[i.as_u32() as usize].as_deref().unwrap_or(""));
            out.push('\n');
        }
        out.push_str("TERMINATORS\n");
        let div = info.term_reason[b.as_u32() as usize].is_some();
        for i in terms {
            out.push_str(if div { DIV } else { UNI });
            out.push_str(texts[i.as_u32() as usize].as_deref().unwrap_or(""));
            out.push('\n');
        }
        out.push_str("END BLOCK\n");
    }
}

enum Step {
    Value(Value),
    Branch(Block),
}

struct Explainer<'a> {
    info: &'a UniformityInfo,
    m: &'a Module,
    func: &'a Function,
    names: Names,
    texts: Vec<Option<String>>,
}

impl Explainer<'_> {
    fn v(&self, v: Value) -> String {
        self.names.value_ref(self.m, self.func, v)
    }
    fn b(&self, b: Block) -> String {
        self.names.block_ref(b)
    }
    /// The definition of `v`: its instruction text, or its type and name for an argument.
    fn def(&self, v: Value) -> String {
        match self.func.dfg.value_def(v) {
            ValueDef::Inst(i) => {
                self.texts[i.as_u32() as usize].as_deref().map(str::trim).unwrap_or_default().to_string()
            }
            ValueDef::Arg(k) => format!("{} (argument {k})", self.v(v)),
            _ => self.v(v),
        }
    }

    fn chain(&self, first: Step) -> String {
        let mut out = String::new();
        let mut seen_v: FxHashSet<Value> = FxHashSet::default();
        let mut seen_b: FxHashSet<Block> = FxHashSet::default();
        let mut todo = vec![first];
        while let Some(step) = todo.pop() {
            match step {
                Step::Value(v) => {
                    if !seen_v.insert(v) {
                        continue;
                    }
                    let name = self.v(v);
                    let line = match self.info.reason(v) {
                        None => format!("{name} is uniform"),
                        Some(Reason::Source(s)) => format!("{name} is a source of divergence: {}", s.describe()),
                        Some(r) => {
                            let (text, next) = self.cause(r);
                            todo.extend(next);
                            format!("{name} is divergent: {text}")
                        }
                    };
                    out.push_str(&line);
                    out.push('\n');
                }
                Step::Branch(b) => {
                    if !seen_b.insert(b) {
                        continue;
                    }
                    let line = match self.info.branch_reason(b) {
                        None => format!("branch in {} is uniform", self.b(b)),
                        Some(Reason::Operand(c)) => {
                            todo.push(Step::Value(c));
                            format!("branch in {} is divergent: condition {}", self.b(b), self.def(c))
                        }
                        Some(r) => {
                            let (text, next) = self.cause(r);
                            todo.extend(next);
                            format!("branch in {} is divergent: {text}", self.b(b))
                        }
                    };
                    out.push_str(&line);
                    out.push('\n');
                }
            }
        }
        out
    }

    /// The text of one non-source reason and the next step of the chain.
    fn cause(&self, r: Reason) -> (String, Option<Step>) {
        match r {
            Reason::Source(s) => (format!("source of divergence: {}", s.describe()), None),
            Reason::Operand(o) => (format!("operand {}", self.def(o)), Some(Step::Value(o))),
            Reason::SyncJoin { branch, join } => (
                format!(
                    "phi at join block {} of divergent branch in {} (sync dependence)",
                    self.b(join),
                    self.b(branch)
                ),
                Some(Step::Branch(branch)),
            ),
            Reason::Temporal { def, header, branch } => (
                format!(
                    "temporal divergence: operand {} is defined in cycle with header {} which has a divergent exit \
                     from {}",
                    self.v(def),
                    self.b(header),
                    self.b(branch)
                ),
                Some(Step::Branch(branch)),
            ),
            Reason::IrreducibleCycle { header, branch } => (
                format!(
                    "defined in irreducible cycle with header {} entered by disjoint paths from the divergent \
                     branch in {} (cycle assumed divergent)",
                    self.b(header),
                    self.b(branch)
                ),
                Some(Step::Branch(branch)),
            ),
        }
    }
}

fn explainer<'a>(info: &'a UniformityInfo, m: &'a Module, f: FuncId) -> Explainer<'a> {
    let func = &m.funcs[f];
    Explainer { info, m, func, names: Names::new(func), texts: inst_texts(m, f) }
}

pub(crate) fn explain(info: &UniformityInfo, m: &Module, f: FuncId, v: Value) -> String {
    explainer(info, m, f).chain(Step::Value(v))
}

pub(crate) fn explain_branch(info: &UniformityInfo, m: &Module, f: FuncId, b: Block) -> String {
    explainer(info, m, f).chain(Step::Branch(b))
}
