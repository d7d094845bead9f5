//! `simtc mir-opt`: runs MIR passes on MIR text, as `simtc opt` runs IR passes on LLVM IR. The input is the MIR
//! text form (see `simtc_codegen::mir::text`); every function is verified after reading and after every pass,
//! and errors point at `file:line:col`.
//!
//! Which listings are read: a file may list a function more than once, in different phases. `simtc compile
//! --emit mir` writes every function twice, after instruction selection (phase `ssa`) and at the end of the MIR
//! pipeline (phase `laid-out`). By default mir-opt reads the first listing of each function (for a `--emit mir`
//! file, the SSA form the MIR pipeline starts from); `--phase P` reads each function's listing in phase P instead.
//! Before anything runs, the chosen passes (which run in pipeline order) are checked against each function's
//! phase: a pass that expects another phase is an error at the function's header, naming the passes that lead
//! there.

use super::compile::target_options;
use super::{read_input, write_output, Failure, Rejected};
use simtc_codegen::mir::passes::{self, MirContext, MirPassManager, MirRunOptions};
use simtc_codegen::mir::{text, verify, MFunction, Phase};
use std::path::PathBuf;

#[derive(clap::Args)]
pub(crate) struct MirOptArgs {
    /// Input MIR text (`-` for standard input). The first listing of each function is read: for a file written
    /// by `simtc compile --emit mir`, which lists every function after instruction selection (SSA) and at the
    /// end of the MIR pipeline (laid out), the SSA form; `--phase` picks another.
    #[arg(required_unless_present = "list_passes")]
    input: Option<PathBuf>,
    /// Read each function's listing in this phase (`ssa`, `phi-free` or `laid-out`) instead of its first one.
    #[arg(long, value_name = "PHASE", value_parser = ["ssa", "phi-free", "laid-out"])]
    phase: Option<String>,
    /// Comma-separated MIR passes to run, in pipeline order (see `--list-passes`).
    #[arg(long, default_value = "")]
    passes: String,
    /// Output file (standard output when absent).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    /// Target GPU.
    #[arg(long, default_value = "sm_90")]
    mcpu: String,
    /// Print the MIR after this pass (`all` for every pass) to standard error; repeatable.
    #[arg(long = "print-after", value_name = "NAME")]
    print_after: Vec<String>,
    /// Print a per-pass timing report to standard error.
    #[arg(long = "time-passes")]
    time_passes: bool,
    /// List the MIR passes and exit.
    #[arg(long = "list-passes")]
    list_passes: bool,
    /// Set a knob (`NAME=VALUE`, see `simtc compile --list-knobs`); repeatable.
    #[arg(long = "knob", value_name = "NAME=VALUE")]
    knob: Vec<String>,
}

pub(crate) fn mir_opt(a: MirOptArgs) -> Result<(), Failure> {
    if a.list_passes {
        let mut s = String::new();
        for p in passes::registry() {
            s.push_str(&format!(
                "{:<16} {:<8} {} -> {}  {}\n",
                p.name,
                if p.optional { "optional" } else { "required" },
                p.phase_in.name(),
                p.phase_out.name(),
                p.description
            ));
        }
        return Ok(write_output(&None, &s)?);
    }
    let names: Vec<String> = a.passes.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect();
    let known: Vec<&str> = passes::registry().iter().map(|p| p.name).collect();
    for n in names.iter().chain(a.print_after.iter().filter(|n| *n != "all")) {
        if passes::lookup(n).is_none() {
            return Err(Failure::Usage(format!(
                "simtc: error: unknown MIR pass '{n}' (valid MIR passes: {})",
                known.join(", ")
            )));
        }
    }
    let opts = target_options(&a.mcpu, None, 3)?;
    let (name, src) = read_input(&a.input.unwrap_or_default())?;
    let funcs = text::parse_with_lines(&src).map_err(|e| Rejected(located(&name, &src, e.line, e.col, &e.message)))?;
    let phase = a.phase.as_deref().and_then(Phase::parse);
    let funcs = select_listings(funcs, phase, &name, &src)?;
    let selected: Vec<&passes::MirPassInfo> =
        passes::registry().iter().filter(|p| names.iter().any(|n| n == p.name)).collect();
    for (f, lines) in &funcs {
        check_phases(f, &selected).map_err(|m| Rejected(at_header(&name, &src, lines.header, &m)))?;
    }
    let mut pm = MirPassManager::new(MirRunOptions {
        disabled: Vec::new(),
        print_after: a.print_after.clone(),
        verify_each: true,
        time_passes: a.time_passes,
        only: Some(names),
    });
    let knobs = simtc_codegen::driver::knob_registry()
        .parse(&a.knob)
        .map_err(|e| Failure::Usage(format!("simtc: error: --knob: {e}")))?;
    let cx = MirContext { opts: &opts, knobs: &knobs };
    let mut out = String::new();
    for (mut f, lines) in funcs {
        verify(&f).map_err(|e| {
            let ln = lines.line_of(e.block, e.inst);
            let line = src.lines().nth(ln.saturating_sub(1)).unwrap_or("");
            let col = line.len() - line.trim_start().len() + 1;
            Rejected(located(&name, &src, ln, col, &e.to_string()))
        })?;
        pm.run(&mut f, &cx).map_err(|e| Rejected(at_header(&name, &src, lines.header, &e)))?;
        out.push_str(&text::write_function(&f));
    }
    eprint!("{}", pm.printed);
    if a.time_passes {
        for (n, t) in &pm.timings {
            eprintln!("  {:.6}  {n}", t.as_secs_f64());
        }
    }
    Ok(write_output(&a.output, &out)?)
}

/// `file:line:col: error: message`, the source line and a caret under column `col`.
fn located(file: &str, src: &str, line: usize, col: usize, message: &str) -> String {
    let text = src.lines().nth(line.saturating_sub(1)).unwrap_or("");
    format!("{file}:{line}:{col}: error: {message}\n{text}\n{}^", caret_pad(text, col))
}

/// An error about a whole function, at its `mir NAME PHASE {` header (line `line`), the caret under the phase.
fn at_header(file: &str, src: &str, line: usize, message: &str) -> String {
    let text = src.lines().nth(line.saturating_sub(1)).unwrap_or("");
    let phase_at = text.split_whitespace().nth(2).and_then(|w| text.find(w)).unwrap_or(0);
    located(file, src, line, phase_at + 1, message)
}

/// The listings mir-opt works on: per function name (in the order of first appearance), its first listing, or
/// with `phase` its listing in that phase (an error at the function's first header when it has none).
fn select_listings(
    funcs: Vec<(MFunction, text::LineMap)>,
    phase: Option<Phase>,
    file: &str,
    src: &str,
) -> Result<Vec<(MFunction, text::LineMap)>, Rejected> {
    let mut names: Vec<String> = Vec::new();
    for (f, _) in &funcs {
        if !names.contains(&f.name) {
            names.push(f.name.clone());
        }
    }
    let mut slots: Vec<Option<(MFunction, text::LineMap)>> = names.iter().map(|_| None).collect();
    let mut first_header = vec![0usize; names.len()];
    let mut phases: Vec<Vec<&'static str>> = vec![Vec::new(); names.len()];
    for (f, lines) in funcs {
        let k = names.iter().position(|n| *n == f.name).unwrap_or(0);
        if first_header[k] == 0 {
            first_header[k] = lines.header;
        }
        phases[k].push(f.phase.name());
        if slots[k].is_none() && phase.is_none_or(|p| p == f.phase) {
            slots[k] = Some((f, lines));
        }
    }
    let mut out = Vec::with_capacity(names.len());
    for (k, slot) in slots.into_iter().enumerate() {
        match slot {
            Some(x) => out.push(x),
            None => {
                let want = phase.map_or("", Phase::name);
                return Err(Rejected(at_header(
                    file,
                    src,
                    first_header[k],
                    &format!(
                        "function '{}' has no listing in phase {want} (its listings: {}); drop --phase or name one of those",
                        names[k],
                        phases[k].join(", ")
                    ),
                )));
            }
        }
    }
    Ok(out)
}

/// Checks that the passes (in pipeline order) can run on `f` from its phase: each must find the phase it expects.
/// The error names the passes that lead from the phase `f` is in to the one the pass expects.
fn check_phases(f: &MFunction, passes: &[&passes::MirPassInfo]) -> Result<(), String> {
    let mut phase = f.phase;
    for p in passes {
        if p.phase_in != phase {
            let next: Vec<&passes::MirPassInfo> =
                passes::registry().iter().filter(|q| q.phase_in == phase && q.phase_out != phase).collect();
            let hint = match next.first() {
                Some(q) => format!(
                    "from phase {}, {} lead on to phase {} (passes run in pipeline order)",
                    phase.name(),
                    next.iter().map(|q| q.name).collect::<Vec<_>>().join(" or "),
                    q.phase_out.name()
                ),
                None => format!("no pass leads on from phase {}", phase.name()),
            };
            let when = if phase == f.phase { "" } else { " by then" };
            return Err(format!(
                "pass '{}' expects MIR in phase {}, but '{}' is in phase {}{when}; {hint}",
                p.name,
                p.phase_in.name(),
                f.name,
                phase.name(),
            ));
        }
        phase = p.phase_out;
    }
    Ok(())
}

/// The text before the caret under column `col` of `line`: tabs kept so the caret lines up.
fn caret_pad(line: &str, col: usize) -> String {
    line.chars().take(col.saturating_sub(1)).map(|c| if c == '\t' { '\t' } else { ' ' }).collect()
}
