//! `simtc mir-opt`: runs MIR passes on MIR text, as `simtc opt` runs IR passes on LLVM IR. The input is the MIR
//! text form (`simtc compile --emit mir` writes it; see `simtc_codegen::mir::text`); every function is verified
//! after reading and after every pass, and errors point at `file:line:col`.

use super::compile::target_options;
use super::{read_input, write_output, Failure, Rejected};
use simtc_codegen::mir::passes::{self, MirContext, MirPassManager, MirRunOptions};
use simtc_codegen::mir::{text, verify};
use std::path::PathBuf;

#[derive(clap::Args)]
pub(crate) struct MirOptArgs {
    /// Input MIR text (`-` for standard input).
    #[arg(required_unless_present = "list_passes")]
    input: Option<PathBuf>,
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
    let funcs = text::parse_with_lines(&src).map_err(|e| {
        let line = src.lines().nth(e.line.saturating_sub(1)).unwrap_or("");
        Rejected(format!("{name}:{}:{}: error: {}\n{line}\n{}^", e.line, e.col, e.message, caret_pad(line, e.col)))
    })?;
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
            Rejected(format!("{name}:{ln}:{col}: error: {e}\n{line}\n{}^", caret_pad(line, col)))
        })?;
        pm.run(&mut f, &cx).map_err(|e| Rejected(format!("{name}: error: {e}")))?;
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

/// The text before the caret under column `col` of `line`: tabs kept so the caret lines up.
fn caret_pad(line: &str, col: usize) -> String {
    line.chars().take(col.saturating_sub(1)).map(|c| if c == '\t' { '\t' } else { ' ' }).collect()
}
