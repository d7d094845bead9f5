//! `--dot-after` / `--emit dot`: a function's CFG as Graphviz, Flow blocks and divergent branches marked.
//!
//! The drawing is `simtc analyze --print cfg-dot`'s ([`simtc_analysis::print::cfg_dot`]): divergent branches red
//! and bold, blocks some threads may skip filled light red. On top of it, blocks the structurizer created
//! (named `Flow`, `Flow1`, ...) are drawn blue with a double border, and branches tagged `!structurizecfg.uniform`
//! get a dashed border, by extra node statements Graphviz merges into the earlier ones.

use simtc_analysis::cache::FunctionAnalyses;
use simtc_analysis::print::{cfg_dot, DotDivergence, DotOptions, SlotNames};
use simtc_ir::{FuncId, Module};
use std::fmt::Write as _;

/// Whether a block name is one the structurizer gives its Flow blocks (`Flow`, `Flow1`, `Flow.2`).
pub fn is_flow_name(name: Option<&str>) -> bool {
    name.is_some_and(|n| n.strip_prefix("Flow").is_some_and(|r| r.chars().all(|c| c.is_ascii_digit() || c == '.')))
}

/// The CFG of function `f` as Graphviz, with divergence (from the cached uniformity analysis), Flow blocks and
/// uniform-tagged branches marked. `names_only` leaves the instructions out of the node labels.
pub fn function_dot(m: &Module, f: FuncId, analyses: &FunctionAnalyses, names_only: bool) -> String {
    let func = &m.funcs[f];
    let names = SlotNames::compute(func);
    let cfg = analyses.cfg(func);
    let u = analyses.uniformity(m, f);
    let divergence = Some(DotDivergence {
        divergent_branches: u.divergent_branches().to_vec(),
        divergent_blocks: u.divergent_blocks(),
    });
    let mut dot = cfg_dot(m, f, &names, cfg, &DotOptions { names_only, divergence });
    let uniform_kind = m.metadata.find_kind("structurizecfg.uniform");
    let mut extra = String::new();
    for (i, &b) in cfg.blocks().iter().enumerate() {
        if is_flow_name(func.dfg.block_name(b)) {
            let _ = writeln!(extra, "\tb{i} [color=\"blue\", fontcolor=\"blue\", peripheries=2];");
        }
        let tagged =
            func.terminator(b).is_some_and(|t| uniform_kind.is_some_and(|k| func.dfg.get_inst_md(t, k).is_some()));
        if tagged {
            let _ = writeln!(extra, "\tb{i} [style=\"dashed\"];");
        }
    }
    if !extra.is_empty() {
        extra.push_str(
            "\tlegend_flow [label=\"Flow block (structurizecfg)\", color=\"blue\", fontcolor=\"blue\", peripheries=2];\n",
        );
        if dot.ends_with("}\n") {
            dot.truncate(dot.len() - 2);
            dot.push_str(&extra);
            dot.push_str("}\n");
        }
    }
    dot
}
