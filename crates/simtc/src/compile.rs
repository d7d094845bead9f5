//! `simtc compile`: LLVM IR → PTX (the main job).

use super::{read_module, write_output, Rejected};
use simtc_codegen::{Options, Target};
use std::path::PathBuf;

/// What `--emit` prints.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Emit {
    /// PTX text.
    Ptx,
    /// The machine IR of every function after SSA destruction.
    Mir,
    /// The LLVM IR after the IR pipeline.
    Llvm,
}

#[derive(clap::Args)]
pub(crate) struct CompileArgs {
    /// Input LLVM IR file (`-` for standard input).
    input: PathBuf,
    /// Output file (standard output when absent).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    /// Target GPU: sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a, sm_100, sm_120.
    #[arg(long, default_value = "sm_90")]
    mcpu: String,
    /// PTX ISA version to declare (raised to the target's minimum is an error if lower), e.g. 8.0.
    #[arg(long = "ptx-version", value_name = "X.Y")]
    ptx_version: Option<String>,
    /// Optimization level 0-3 (`-O0` ... `-O3`).
    #[arg(short = 'O', default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=3))]
    opt_level: u8,
    /// What to write.
    #[arg(long, value_enum, default_value = "ptx")]
    emit: Emit,
    /// Skip an optional pass (IR or MIR); repeatable.
    #[arg(long = "disable-pass", value_name = "NAME")]
    disable_pass: Vec<String>,
    /// Emit debug information (`.target ..., debug`, `.loc`).
    #[arg(short = 'g', long)]
    debug: bool,
    /// Print static instruction counts (`INST_<name>: <count>`) to standard error.
    #[arg(long)]
    stats: bool,
}

pub(crate) fn compile(a: CompileArgs) -> Result<(), Rejected> {
    let target = Target::parse(&a.mcpu).ok_or_else(|| {
        Rejected(format!(
            "simtc: error: unknown target '{}' (expected one of sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a, sm_100, sm_120)",
            a.mcpu
        ))
    })?;
    let ptx_version = match &a.ptx_version {
        None => None,
        Some(s) => Some(
            simtc_codegen::target::parse_ptx_version(s)
                .ok_or_else(|| Rejected(format!("simtc: error: invalid PTX version '{s}' (expected X.Y, e.g. 8.0)")))?,
        ),
    };
    let (name, mut m) = read_module(&a.input)?;
    let opts = Options {
        target,
        ptx_version,
        opt_level: a.opt_level,
        disabled_passes: a.disable_pass.clone(),
        debug: a.debug,
    };
    if a.opt_level > 0 && !opts.is_disabled("dce") {
        let mut pm = simtc_opt::PassManager::from_pipeline("dce", Default::default())
            .map_err(|e| Rejected(format!("simtc: error: {e}")))?;
        pm.run(&mut m).map_err(|e| Rejected(format!("{name}: error: {e}")))?;
    }
    if a.emit == Emit::Llvm {
        return write_output(&a.output, &simtc_ir::writer::write_module(&m));
    }
    let out = simtc_codegen::compile_full(&m, &opts, a.emit == Emit::Mir).map_err(|e| {
        if e.loc.is_some() {
            Rejected(e.to_string())
        } else {
            Rejected(format!("{name}: {e}"))
        }
    })?;
    if a.stats {
        let mut s = String::new();
        for (k, v) in &out.stats {
            s.push_str(&format!("INST_{k}: {v}\n"));
        }
        eprint!("{s}");
    }
    match a.emit {
        Emit::Ptx => write_output(&a.output, &out.ptx),
        Emit::Mir => write_output(&a.output, &out.mir.iter().map(|(_, t)| t.as_str()).collect::<String>()),
        Emit::Llvm => unreachable!("handled above"),
    }
}
