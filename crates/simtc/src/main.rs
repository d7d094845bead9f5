//! The `simtc` command line.
//!
//! Exit codes: 0 success, 1 the input was rejected (a diagnostic was printed), 2 usage error. A panic (101) is
//! always a bug.

use clap::{Parser, Subcommand};
use simtc_opt::{PassManager, PassManagerOptions};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "simtc",
    version,
    about = "A divergence-aware GPU compiler back end: LLVM IR in, PTX out"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run IR passes: read LLVM IR, run the pipeline, write LLVM IR.
    Opt(OptArgs),
}

#[derive(clap::Args)]
struct OptArgs {
    /// Input LLVM IR file (`-` for standard input).
    input: PathBuf,
    /// Comma-separated pass pipeline, e.g. `verify,dce`.
    #[arg(long, default_value = "")]
    passes: String,
    /// Output file (standard output when absent).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    /// Print the module after this pass (`all` for every pass); repeatable.
    #[arg(long = "print-after", value_name = "NAME")]
    print_after: Vec<String>,
    /// Skip this pass; repeatable.
    #[arg(long = "disable-pass", value_name = "NAME")]
    disable_pass: Vec<String>,
    /// Verify the module after every pass (always on in debug builds).
    #[arg(long = "verify-each")]
    verify_each: bool,
    /// Print a per-pass timing report to standard error.
    #[arg(long = "time-passes")]
    time_passes: bool,
    /// List the registered passes and exit.
    #[arg(long = "list-passes")]
    list_passes: bool,
}

/// A rejected input: the message is printed as is, exit code 1.
struct Rejected(String);

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Opt(a) => opt(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Rejected(msg)) => {
            let mut e = std::io::stderr().lock();
            let _ = e.write_all(msg.as_bytes());
            if !msg.ends_with('\n') {
                let _ = e.write_all(b"\n");
            }
            ExitCode::from(1)
        }
    }
}

fn read_input(path: &PathBuf) -> Result<(String, String), Rejected> {
    let name = path.display().to_string();
    let mut bytes = Vec::new();
    let r = if name == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(|_| ()))
    };
    r.map_err(|e| Rejected(format!("simtc: error: could not read '{name}': {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        Rejected(format!(
            "{name}: error: input is not valid UTF-8 (byte offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    Ok((if name == "-" { "<stdin>".into() } else { name }, text))
}

fn write_output(path: &Option<PathBuf>, text: &str) -> Result<(), Rejected> {
    match path {
        Some(p) if p.as_os_str() != "-" => std::fs::write(p, text).map_err(|e| {
            Rejected(format!(
                "simtc: error: could not write '{}': {e}",
                p.display()
            ))
        }),
        _ => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| {
                    Rejected(format!(
                        "simtc: error: could not write standard output: {e}"
                    ))
                })
        }
    }
}

fn opt(a: OptArgs) -> Result<(), Rejected> {
    if a.list_passes {
        let mut s = String::new();
        for p in simtc_opt::registry() {
            s.push_str(&format!("{:<16} {}\n", p.name, p.description));
        }
        return write_output(&None, &s);
    }
    let (name, src) = read_input(&a.input)?;
    let mut m = simtc_llvm_reader::parse_module_named(&src, &name).map_err(Rejected)?;
    if let Err(errs) = simtc_ir::verifier::verify_module(&m) {
        let mut s = format!("{name}: error: input module is broken\n");
        for e in errs {
            s.push_str(&format!("  {e}\n"));
        }
        return Err(Rejected(s));
    }
    let opts = PassManagerOptions {
        verify_each: a.verify_each || cfg!(debug_assertions),
        print_after: a.print_after,
        disabled: a.disable_pass,
        time_passes: a.time_passes,
    };
    let mut pm = PassManager::from_pipeline(&a.passes, opts)
        .map_err(|e| Rejected(format!("simtc: error: {e}")))?;
    pm.run(&mut m)
        .map_err(|e| Rejected(format!("{name}: error: {e}")))?;
    for (pass, text) in &pm.printed {
        eprintln!("; *** IR Dump After {pass} ***");
        eprint!("{text}");
    }
    if a.time_passes {
        eprint!("{}", pm.timing_report());
    }
    write_output(&a.output, &simtc_ir::writer::write_module(&m))
}
