//! Text printers for the analyses (`simtc analyze --print ...`).
//!
//! The dominator-tree, post-dominator-tree, loop and region printers reproduce the layout of LLVM 19's
//! `opt -passes='print<domtree>'`, `print<postdomtree>`, `print<loops>` and `print<regions>` line for line, so the
//! two can be diffed. LLVM's output depends on orders that our analyses do not keep (its DFS visits successors
//! in terminator order and predecessors in use-list order), so the printers recompute those orders from the
//! function and sort the (order-independent) trees with them:
//!
//! - dominator-tree children are ordered by LLVM's DFS preorder of the CFG (successors in terminator order);
//! - post-dominator-tree children by LLVM's DFS preorder of the reversed CFG from the virtual exit, which visits
//!   the roots (blocks without successors, in layout order, then the extra roots chosen for infinite loops) and
//!   each block's predecessors in the order their terminators appear in the function;
//! - loops list their blocks header first, then in reverse post-order (successors in terminator order); top-level
//!   loops come in post-order of their headers and nested loops in reverse post-order, as `LoopInfo` builds them;
//! - regions list their children in the dominator-tree preorder of their entries.
//!
//! The DFS numbers LLVM prints are never computed for a fresh tree, so they are always
//! `{4294967295,4294967295}` there; the printers write the same text.
//!
//! Blocks and values are named as the [IR writer](simtc_ir::writer) prints them (`%name`, or `%N` for unnamed
//! ones, numbered parameters first, then each block's label and unnamed results in layout order), so the names
//! agree with the printed IR.
//!
//! Every printer is linear in the size of what it prints, except the tree printers, whose indentation makes the
//! text quadratic on deep trees (as LLVM's).

use crate::cfg::Cfg;
use crate::dominators::{DominatorTree, PostDominatorTree};
use crate::graph::NONE;
use crate::liveness::Liveness;
use crate::loops::{LoopId, LoopInfo};
use crate::regions::{RegionId, RegionInfo};
use rustc_hash::FxHashSet;
use simtc_ir::writer::push_name;
use simtc_ir::{Block, FuncId, Function, InstKind, Module, Value};
use std::fmt::Write;

/// The printed names of one function's blocks and values (`%name`, `%"quoted name"`, `%N`), numbered exactly as
/// the IR writer numbers them.
#[derive(Clone, Debug)]
pub struct SlotNames {
    values: Vec<Option<String>>,
    blocks: Vec<Option<String>>,
    /// Unique unquoted names of named blocks (`None` for numbered ones).
    blocks_raw: Vec<Option<String>>,
    /// Print position of each value (parameters first, then results in layout order).
    value_pos: Vec<u32>,
}

impl SlotNames {
    /// Numbers the function's parameters, blocks and instruction results as the writer does: parameters, then
    /// each block's label and the results of its instructions, in layout order; a name already taken gets `.N`.
    pub fn compute(f: &Function) -> Self {
        let mut s = SlotNames {
            values: vec![None; f.dfg.num_values()],
            blocks: vec![None; f.dfg.num_blocks()],
            blocks_raw: vec![None; f.dfg.num_blocks()],
            value_pos: vec![u32::MAX; f.dfg.num_values()],
        };
        let mut used: FxHashSet<String> = FxHashSet::default();
        let mut next = 0u32;
        // The printed name and, for a named entity, its unique unquoted name.
        let mut name_of = |n: Option<&str>| -> (String, Option<String>) {
            match n {
                Some(n) if !n.is_empty() => {
                    let mut cand = n.to_string();
                    let mut k = 0u32;
                    while used.contains(&cand) {
                        k += 1;
                        cand = format!("{n}.{k}");
                    }
                    let mut out = String::with_capacity(cand.len() + 3);
                    out.push('%');
                    push_name(&mut out, &cand);
                    used.insert(cand.clone());
                    (out, Some(cand))
                }
                _ => {
                    next += 1;
                    (format!("%{}", next - 1), None)
                }
            }
        };
        let mut pos = 0u32;
        for &p in &f.params {
            s.values[p.as_u32() as usize] = Some(name_of(f.dfg.value_name(p)).0);
            s.value_pos[p.as_u32() as usize] = pos;
            pos += 1;
        }
        for b in f.layout.blocks() {
            let (printed, raw) = name_of(f.dfg.block_name(b));
            s.blocks[b.as_u32() as usize] = Some(printed);
            s.blocks_raw[b.as_u32() as usize] = raw;
            for i in f.layout.block_insts(b) {
                if let Some(v) = f.dfg.result(i) {
                    s.values[v.as_u32() as usize] = Some(name_of(f.dfg.value_name(v)).0);
                    s.value_pos[v.as_u32() as usize] = pos;
                    pos += 1;
                }
            }
        }
        s
    }

    /// The unique unquoted name of a named block (`None` for numbered and detached blocks).
    pub fn block_raw(&self, b: Block) -> Option<&str> {
        self.blocks_raw.get(b.as_u32() as usize).and_then(|n| n.as_deref())
    }

    /// `%name` of a block in the layout.
    pub fn block(&self, b: Block) -> &str {
        self.blocks.get(b.as_u32() as usize).and_then(|n| n.as_deref()).unwrap_or("%<detached block>")
    }

    /// The block as LLVM's region printer writes it: the plain name of a named block (`entry`, `a b`), the
    /// operand form of a numbered one (`%3`).
    pub fn block_bare(&self, b: Block) -> &str {
        match self.blocks_raw.get(b.as_u32() as usize).and_then(|n| n.as_deref()) {
            Some(raw) => raw,
            None => self.block(b),
        }
    }

    /// `%name` of a parameter or instruction result in the layout (`None` for constants and other values).
    pub fn value(&self, v: Value) -> Option<&str> {
        self.values.get(v.as_u32() as usize).and_then(|n| n.as_deref())
    }

    /// Sorts values in print order: parameters first, then results in layout order.
    pub fn sort_values(&self, vs: &mut [Value]) {
        vs.sort_by_key(|v| self.value_pos.get(v.as_u32() as usize).copied().unwrap_or(u32::MAX));
    }
}

/// Successors of every CFG node in terminator order (duplicates kept), as node indices.
fn ordered_succs(f: &Function, cfg: &Cfg) -> Vec<Vec<u32>> {
    cfg.blocks()
        .iter()
        .map(|&b| f.successors(b).into_iter().map(|s| cfg.index(s)).filter(|&s| s != NONE).collect())
        .collect()
}

/// LLVM's `SemiNCAInfo::runDFS` numbering: a stack DFS that pushes a node's children in reverse of `order(node)`
/// and numbers a node when it is first popped. `num` receives the numbers; returns the next free number.
fn stack_dfs(roots: &[u32], children: impl Fn(u32) -> Vec<u32>, num: &mut [u32], mut next: u32) -> u32 {
    let mut stack: Vec<u32> = Vec::new();
    for &r in roots {
        stack.push(r);
        while let Some(v) = stack.pop() {
            if num[v as usize] != NONE {
                continue;
            }
            num[v as usize] = next;
            next += 1;
            let kids = children(v);
            stack.extend(kids.iter().rev().filter(|&&k| num[k as usize] == NONE));
        }
    }
    next
}

/// LLVM's DFS preorder numbers of the CFG nodes for the dominator tree (`NONE` for unreachable blocks).
fn dom_dfs_numbers(f: &Function, cfg: &Cfg) -> Vec<u32> {
    let succs = ordered_succs(f, cfg);
    let mut num = vec![NONE; cfg.len()];
    if cfg.len() != 0 {
        stack_dfs(&[0], |v| succs[v as usize].clone(), &mut num, 0);
    }
    num
}

/// LLVM's post-order of the CFG (`po_iterator`: successors in terminator order); unreachable blocks are left out.
fn llvm_post_order(f: &Function, cfg: &Cfg) -> Vec<u32> {
    let succs = ordered_succs(f, cfg);
    let n = cfg.len();
    let mut order = Vec::with_capacity(n);
    if n == 0 {
        return order;
    }
    let mut seen = vec![false; n];
    let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
    seen[0] = true;
    while let Some(top) = stack.last_mut() {
        let (v, i) = *top;
        if let Some(&s) = succs[v as usize].get(i) {
            top.1 += 1;
            if !seen[s as usize] {
                seen[s as usize] = true;
                stack.push((s, 0));
            }
        } else {
            order.push(v);
            stack.pop();
        }
    }
    order
}

/// Writes a tree in LLVM's `PrintDomTree` layout; `kids` must return the children in print order.
fn print_tree(out: &mut String, root: u32, label: impl Fn(u32) -> String, kids: impl Fn(u32) -> Vec<u32>) {
    let mut stack: Vec<(u32, u32)> = vec![(root, 1)];
    while let Some((v, lev)) = stack.pop() {
        for _ in 0..lev {
            out.push_str("  ");
        }
        let _ = writeln!(out, "[{lev}] {} {{4294967295,4294967295}} [{}]", label(v), lev - 1);
        for &c in kids(v).iter().rev() {
            stack.push((c, lev + 1));
        }
    }
}

/// `print<domtree>`: the dominator tree in LLVM's layout.
pub fn print_domtree(f: &Function, names: &SlotNames, dt: &DominatorTree) -> String {
    let cfg = dt.cfg();
    let mut out = format!(
        "DominatorTree for function: {}\n=============================--------------------------------\n\
         Inorder Dominator Tree: DFSNumbers invalid: 0 slow queries.\n",
        f.name
    );
    if cfg.len() == 0 {
        out.push_str("Roots: \n");
        return out;
    }
    let num = dom_dfs_numbers(f, cfg);
    let t = dt.tree();
    print_tree(
        &mut out,
        t.root(),
        |v| names.block(cfg.block(v)).to_string(),
        |v| {
            let mut k = t.children(v).to_vec();
            k.sort_by_key(|&c| num[c as usize]);
            k
        },
    );
    let _ = writeln!(out, "Roots: {} ", names.block(cfg.block(t.root())));
    out
}

/// LLVM's `SemiNCAInfo::FindRoots` for post-dominators (with `RemoveRedundantRoots`), in its order: blocks
/// without successors in layout order; then, for each block in layout order that reaches no exit and is not yet
/// covered, the last block of a forward DFS from it (successors visited in decreasing layout order), whose
/// reverse DFS covers more blocks; finally roots that reach another root are dropped (the last root taking the
/// dropped one's place). `preds` are the predecessors in use order.
fn llvm_postdom_roots(succs: &[Vec<u32>], preds: &[Vec<u32>]) -> Vec<u32> {
    let n = succs.len();
    let mut num = vec![NONE; n];
    let mut roots: Vec<u32> = Vec::new();
    let mut next = 1u32;
    for v in 0..n as u32 {
        if succs[v as usize].is_empty() {
            roots.push(v);
            next = stack_dfs(&[v], |x| preds[x as usize].clone(), &mut num, next);
        }
    }
    let mut nontrivial = false;
    for v in 0..n as u32 {
        if num[v as usize] != NONE {
            continue;
        }
        nontrivial = true;
        // Forward DFS over the uncovered blocks, successors sorted by layout position and pushed in that order.
        let mut visited: Vec<u32> = Vec::new();
        let mut stack = vec![v];
        while let Some(x) = stack.pop() {
            if num[x as usize] != NONE {
                continue;
            }
            num[x as usize] = 0;
            visited.push(x);
            let mut k = succs[x as usize].clone();
            if k.len() > 1 {
                k.sort_unstable();
            }
            stack.extend(k.into_iter().filter(|&s| num[s as usize] == NONE));
        }
        let furthest = *visited.last().expect("the start block is visited");
        for x in visited {
            num[x as usize] = NONE;
        }
        roots.push(furthest);
        next = stack_dfs(&[furthest], |x| preds[x as usize].clone(), &mut num, next);
    }
    if nontrivial {
        let mut i = 0;
        while i < roots.len() {
            let r = roots[i];
            if succs[r as usize].is_empty() {
                i += 1;
                continue;
            }
            let mut seen = vec![false; n];
            seen[r as usize] = true;
            let mut stack = vec![r];
            let mut redundant = false;
            while let Some(x) = stack.pop() {
                for &s in &succs[x as usize] {
                    if !seen[s as usize] {
                        seen[s as usize] = true;
                        if roots.contains(&s) {
                            redundant = true;
                        }
                        stack.push(s);
                    }
                }
            }
            if redundant {
                roots.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
    roots
}

/// The roots of our post-dominator tree (the blocks with an edge to the virtual exit) in LLVM's order when they
/// are the roots LLVM picks; otherwise blocks without successors, then the others, in layout order.
fn postdom_roots(pdt: &PostDominatorTree, cfg: &Cfg, succs: &[Vec<u32>], preds: &[Vec<u32>]) -> Vec<u32> {
    let to_exit = pdt.reversed_graph().succs(pdt.exit_node());
    let llvm = llvm_postdom_roots(succs, preds);
    let mut sorted = llvm.clone();
    sorted.sort_unstable();
    if sorted == to_exit {
        return llvm;
    }
    let g = cfg.graph();
    let mut roots: Vec<u32> = to_exit.iter().copied().filter(|&v| g.succs(v).is_empty()).collect();
    roots.extend(to_exit.iter().copied().filter(|&v| !g.succs(v).is_empty()));
    roots
}

/// `print<postdomtree>`: the post-dominator tree in LLVM's layout (the virtual exit is `<<exit node>>`).
pub fn print_postdomtree(f: &Function, names: &SlotNames, pdt: &PostDominatorTree, cfg: &Cfg) -> String {
    let mut out = format!(
        "PostDominatorTree for function: {}\n=============================--------------------------------\n\
         Inorder PostDominator Tree: DFSNumbers invalid: 0 slow queries.\n",
        f.name
    );
    let n = cfg.len();
    let exit = pdt.exit_node();
    // Predecessors in the order their terminators reference the block (LLVM's use-list order, reversed by its
    // stack DFS, visits them in this order).
    let succs = ordered_succs(f, cfg);
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, ss) in succs.iter().enumerate() {
        for &s in ss {
            preds[s as usize].push(i as u32);
        }
    }
    let roots = postdom_roots(pdt, cfg, &succs, &preds);
    let mut num = vec![NONE; n + 1];
    num[exit as usize] = 0;
    stack_dfs(&roots, |v| preds[v as usize].clone(), &mut num, 1);
    let t = pdt.tree();
    print_tree(
        &mut out,
        exit,
        |v| if v == exit { " <<exit node>>".to_string() } else { names.block(cfg.block(v)).to_string() },
        |v| {
            let mut k = t.children(v).to_vec();
            k.sort_by_key(|&c| num[c as usize]);
            k
        },
    );
    out.push_str("Roots: ");
    for &r in &roots {
        out.push_str(names.block(cfg.block(r)));
        out.push(' ');
    }
    out.push('\n');
    out
}

/// `print<loops>`: natural loops in LLVM's layout.
pub fn print_loops(f: &Function, names: &SlotNames, li: &LoopInfo, cfg: &Cfg) -> String {
    let mut out = format!("Loop info for function '{}':\n", f.name);
    let po = llvm_post_order(f, cfg);
    let mut rpo_num = vec![u32::MAX; cfg.len()];
    for (k, &v) in po.iter().rev().enumerate() {
        rpo_num[v as usize] = k as u32;
    }
    let rank = |b: Block| rpo_num[cfg.index(b) as usize];
    let mut top: Vec<LoopId> = li.top_level().to_vec();
    // Top-level loops in post-order of their headers.
    top.sort_by_key(|&l| std::cmp::Reverse(rank(li.header(l))));
    let mut stack: Vec<(LoopId, usize)> = top.into_iter().rev().map(|l| (l, 0)).collect();
    while let Some((l, depth)) = stack.pop() {
        for _ in 0..depth * 2 {
            out.push(' ');
        }
        let _ = write!(out, "Loop at depth {} containing: ", li.depth(l));
        let header = li.header(l);
        let mut blocks: Vec<Block> = li.blocks(l).iter().copied().filter(|&b| b != header).collect();
        blocks.sort_by_key(|&b| rank(b));
        blocks.insert(0, header);
        for (k, &b) in blocks.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push_str(names.block(b));
            if b == header {
                out.push_str("<header>");
            }
            let succs = cfg.succs(b);
            if succs.contains(&header) {
                out.push_str("<latch>");
            }
            if succs.iter().any(|&s| !li.contains(l, s)) {
                out.push_str("<exiting>");
            }
        }
        out.push('\n');
        let mut kids: Vec<LoopId> = li.children(l).to_vec();
        kids.sort_by_key(|&c| rank(li.header(c)));
        for &c in kids.iter().rev() {
            stack.push((c, depth + 2));
        }
    }
    out
}

/// `print<regions>`: the SESE region tree in LLVM's layout.
pub fn print_regions(f: &Function, names: &SlotNames, ri: &RegionInfo, dt: &DominatorTree) -> String {
    let cfg = dt.cfg();
    let mut out = format!("Region Tree for function: {}\nRegion tree:\n", f.name);
    if cfg.len() == 0 {
        out.push_str("End region tree\n");
        return out;
    }
    // Position of every block in a preorder walk of the dominator tree with LLVM's child order.
    let num = dom_dfs_numbers(f, cfg);
    let t = dt.tree();
    let mut visit = vec![u32::MAX; cfg.len()];
    let mut clock = 0u32;
    let mut stack = vec![t.root()];
    while let Some(v) = stack.pop() {
        visit[v as usize] = clock;
        clock += 1;
        let mut k = t.children(v).to_vec();
        k.sort_by_key(|&c| std::cmp::Reverse(num[c as usize]));
        stack.extend(k);
    }
    let name = |r: RegionId| {
        let e = names.block_bare(ri.entry(r));
        match ri.exit(r) {
            Some(x) => format!("{e} => {}", names.block_bare(x)),
            None => format!("{e} => <Function Return>"),
        }
    };
    let mut stack: Vec<(RegionId, u32)> = vec![(ri.top_level(), 0)];
    while let Some((r, lev)) = stack.pop() {
        for _ in 0..lev {
            out.push_str("  ");
        }
        let _ = writeln!(out, "[{lev}] {}", name(r));
        let mut kids = ri.children(r).to_vec();
        kids.sort_by_key(|&c| std::cmp::Reverse(visit[cfg.index(ri.entry(c)) as usize]));
        stack.extend(kids.into_iter().map(|c| (c, lev + 1)));
    }
    out.push_str("End region tree\n");
    out
}

/// Liveness: for every block in layout order, its live-in and live-out values in print order.
///
/// ```text
/// Liveness for function: f
/// %entry:
///   live-in: %c, %a
///   live-out: %x, %y
/// ```
pub fn print_liveness(f: &Function, names: &SlotNames, live: &Liveness, cfg: &Cfg) -> String {
    let mut out = format!("Liveness for function: {}\n", f.name);
    let list = |out: &mut String, what: &str, vs: &[Value]| {
        let mut vs = vs.to_vec();
        names.sort_values(&mut vs);
        out.push_str("  ");
        out.push_str(what);
        out.push(':');
        for (k, &v) in vs.iter().enumerate() {
            out.push_str(if k == 0 { " " } else { ", " });
            out.push_str(names.value(v).unwrap_or("%<?>"));
        }
        out.push('\n');
    };
    for &b in cfg.blocks() {
        let _ = writeln!(out, "{}:", names.block(b));
        list(&mut out, "live-in", live.live_in(b));
        list(&mut out, "live-out", live.live_out(b));
    }
    out
}

/// What the CFG drawing shows of divergence.
#[derive(Clone, Debug, Default)]
pub struct DotDivergence {
    /// Blocks ending in a divergent branch: drawn red and bold, and so are their out-edges.
    pub divergent_branches: Vec<Block>,
    /// Blocks some threads of a warp may skip (control-dependent on a divergent branch): filled light red.
    pub divergent_blocks: Vec<Block>,
}

/// Options of [`cfg_dot`].
#[derive(Clone, Debug, Default)]
pub struct DotOptions {
    /// Label the nodes with the block names only (LLVM's `dot-cfg-only`), not their instructions.
    pub names_only: bool,
    /// Divergence marks, when a uniformity analysis ran.
    pub divergence: Option<DotDivergence>,
}

/// Escapes text for a double-quoted DOT string whose line breaks are written separately.
fn dot_escape(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\l"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
}

/// The text of each block's instructions as the writer prints them (one string per block in layout order), or
/// `None` if the function text cannot be split into blocks.
fn block_texts(m: &Module, fid: FuncId) -> Option<Vec<Vec<String>>> {
    let f = &m.funcs[fid];
    let text = simtc_ir::writer::write_function(m, fid);
    let mut lines = text.lines();
    lines.by_ref().find(|l| l.starts_with("define") && l.ends_with('{'))?;
    let mut blocks: Vec<Vec<String>> = vec![Vec::new()];
    for l in lines {
        if l == "}" {
            break;
        }
        if l.is_empty() {
            blocks.push(Vec::new());
        } else if l.starts_with(' ') {
            blocks.last_mut()?.push(l.to_string());
        }
    }
    (blocks.len() == f.layout.num_blocks()).then_some(blocks)
}

/// A Graphviz drawing of the CFG (`digraph "CFG for 'f' function"`): one node per block (labelled with its name
/// and, unless `names_only`, its instructions), an edge per distinct successor (`T`/`F` on conditional branches,
/// the case value or `def` on switches). With divergence information, blocks ending in a divergent branch and
/// their out-edges are red and bold, divergent blocks are filled light red, and a legend explains the marks.
pub fn cfg_dot(m: &Module, fid: FuncId, names: &SlotNames, cfg: &Cfg, opts: &DotOptions) -> String {
    let f = &m.funcs[fid];
    let title = format!("CFG for '{}' function", f.name);
    let mut out = String::from("digraph \"");
    dot_escape(&mut out, &title);
    out.push_str("\" {\n\tlabel=\"");
    dot_escape(&mut out, &title);
    out.push_str("\";\n\tnode [shape=box, fontname=\"Courier\"];\n\tedge [fontname=\"Courier\"];\n");
    let texts = if opts.names_only { None } else { block_texts(m, fid) };
    let n = cfg.len();
    let mut div_branch = vec![false; n];
    let mut div_block = vec![false; n];
    if let Some(d) = &opts.divergence {
        for &b in &d.divergent_branches {
            let i = cfg.index(b);
            if i != NONE {
                div_branch[i as usize] = true;
            }
        }
        for &b in &d.divergent_blocks {
            let i = cfg.index(b);
            if i != NONE {
                div_block[i as usize] = true;
            }
        }
    }
    for (i, &b) in cfg.blocks().iter().enumerate() {
        let _ = write!(out, "\tb{i} [label=\"");
        dot_escape(&mut out, names.block_bare(b));
        out.push(':');
        if let Some(t) = &texts {
            out.push_str("\\l");
            for l in &t[i] {
                dot_escape(&mut out, l);
                out.push_str("\\l");
            }
        }
        out.push('"');
        let mut style: Vec<&str> = Vec::new();
        if div_block[i] {
            style.push("filled");
            out.push_str(", fillcolor=\"#ffd0d0\"");
        }
        if div_branch[i] {
            style.push("bold");
            out.push_str(", color=\"red\", penwidth=2");
        }
        if !style.is_empty() {
            let _ = write!(out, ", style=\"{}\"", style.join(","));
        }
        out.push_str("];\n");
    }
    for (i, &b) in cfg.blocks().iter().enumerate() {
        let Some(term) = f.terminator(b) else { continue };
        // (target, label) per distinct target, in terminator order.
        let mut edges: Vec<(u32, String)> = Vec::new();
        let mut add = |t: Block, label: String| {
            let j = cfg.index(t);
            if j == NONE {
                return;
            }
            if let Some(e) = edges.iter_mut().find(|e| e.0 == j) {
                if !label.is_empty() {
                    e.1.push(',');
                    e.1.push_str(&label);
                }
            } else {
                edges.push((j, label));
            }
        };
        match &f.dfg.inst(term).kind {
            InstKind::CondBr { then_dest, else_dest } => {
                add(*then_dest, "T".into());
                add(*else_dest, "F".into());
            }
            InstKind::Switch { default, cases } => {
                add(*default, "def".into());
                for &(c, t) in cases {
                    add(t, simtc_ir::writer::const_to_string(m, c));
                }
            }
            _ => {
                for s in f.successors(b) {
                    add(s, String::new());
                }
            }
        }
        for (j, label) in edges {
            let _ = write!(out, "\tb{i} -> b{j}");
            let mut attrs: Vec<String> = Vec::new();
            if !label.is_empty() {
                let mut l = String::from("label=\"");
                dot_escape(&mut l, &label);
                l.push('"');
                attrs.push(l);
            }
            if div_branch[i] {
                attrs.push("color=\"red\", penwidth=2".into());
            }
            if !attrs.is_empty() {
                let _ = write!(out, " [{}]", attrs.join(", "));
            }
            out.push_str(";\n");
        }
    }
    if opts.divergence.is_some() {
        out.push_str(
            "\tsubgraph cluster_legend {\n\
             \t\tlabel=\"Legend\";\n\
             \t\tstyle=\"dashed\";\n\
             \t\tfontname=\"Helvetica\";\n\
             \t\tnode [fontname=\"Helvetica\"];\n\
             \t\tlegend_uniform [label=\"uniform block\"];\n\
             \t\tlegend_branch [label=\"ends in a divergent branch\", color=\"red\", penwidth=2, style=\"bold\"];\n\
             \t\tlegend_block [label=\"divergent block\\n(threads of a warp may skip it)\", \
             fillcolor=\"#ffd0d0\", style=\"filled\"];\n\
             \t\tlegend_uniform -> legend_branch -> legend_block [style=\"invis\"];\n\
             \t}\n",
        );
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(src: &str) -> Module {
        simtc_llvm_reader::parse_module(src).unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn slot_names_follow_the_writer() {
        let m = module(
            "define i32 @f(i32 %0, i32 %a) {\n  %2 = add i32 %0, 1\n  br label %x\nx:\n  %3 = add i32 %2, %a\n  br label %4\n4:\n  ret i32 %3\n}\n",
        );
        let fid = m.func_ids().next().unwrap();
        let f = &m.funcs[fid];
        let names = SlotNames::compute(f);
        let blocks: Vec<&str> = f.layout.blocks().map(|b| names.block(b)).collect();
        assert_eq!(blocks, ["%1", "%x", "%4"]);
        assert_eq!(names.block_bare(f.layout.entry_block().unwrap()), "%1");
        assert_eq!(names.block_bare(f.layout.blocks().nth(1).unwrap()), "x");
        assert_eq!(names.value(f.params[1]), Some("%a"));
    }

    #[test]
    fn quoted_names() {
        let mut s = String::new();
        push_name(&mut s, "a b\"");
        assert_eq!(s, "\"a b\\22\"");
        s.clear();
        push_name(&mut s, "x.y-z_1");
        assert_eq!(s, "x.y-z_1");
    }
}
