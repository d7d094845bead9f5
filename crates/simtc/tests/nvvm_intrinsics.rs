//! The NVVM builtins clang 19's CUDA headers use (`__clang_cuda_intrinsics.h`, `__clang_cuda_device_functions.h`;
//! every `__nvvm_*` they call), one kernel each, compiled by clang-19 for sm_90 and split with llvm-extract into
//! one module per builtin; simtc compiles each module. A builtin is *supported* when simtc writes PTX that ptxas
//! accepts and the emulator decodes; it is *rejected* when simtc exits 1 with a diagnostic (never a panic or
//! another exit status). The outcome of every row, with the LLVM IR clang emitted for it, is the table in
//! `doc/nvvm-intrinsics.md`, which this test regenerates and compares (`SIMTC_UPDATE_SNAPSHOTS=1` rewrites it):
//! the document cannot go stale. Under `CI` a missing clang, llvm-extract or ptxas fails the test.
//! (The `__nv_*` math functions of `__clang_cuda_device_functions.h` go to libdevice, covered by `libdevice.rs`
//! and `libdevice_diff.rs`.)

mod common;

use std::fmt::Write as _;
use std::process::Command;

/// One row: the builtin, the statement that calls it in a kernel (parameters `pi`, `pl`, `pu`, `pul`, `pf`,
/// `pd`: pointers to int, long long, unsigned, unsigned long long, float, double; `a`: an int), and the CUDA
/// API that wraps it in the headers.
struct Row {
    builtin: String,
    body: String,
    api: String,
}

fn row(builtin: &str, body: &str, api: &str) -> Row {
    Row { builtin: builtin.into(), body: body.into(), api: api.into() }
}

/// Every `__nvvm_*` builtin of clang 19's CUDA headers (`__nvvm_memcpy`/`__nvvm_memset` are macros for
/// `__builtin_memcpy`/`memset` there and `__nvvm_get_smem_pointer` an inline function, so they are not rows).
fn rows() -> Vec<Row> {
    let mut v = Vec::new();
    // Atomics: (op, [(suffix, pointer, value cast)]).
    type Variant = (&'static str, &'static str, &'static str);
    let int = [("i", "pi", "a"), ("ll", "pl", "(long long)a")];
    let uns = [("ui", "pu", "(unsigned)a"), ("ull", "pul", "(unsigned long long)a")];
    let fl = [("f", "pf", "(float)a"), ("d", "pd", "(double)a")];
    for scope in ["", "cta_", "sys_"] {
        let api_scope = match scope {
            "" => "",
            "cta_" => "_block",
            _ => "_system",
        };
        let mut ops: Vec<(&str, Vec<Variant>)> = vec![
            ("add", int.iter().chain(fl.iter()).copied().collect()),
            ("and", int.to_vec()),
            ("cas", int.to_vec()),
            ("dec", vec![("ui", "pu", "(unsigned)a")]),
            ("inc", vec![("ui", "pu", "(unsigned)a")]),
            ("max", int.iter().chain(uns.iter()).copied().collect()),
            ("min", int.iter().chain(uns.iter()).copied().collect()),
        ];
        ops.extend([("or", int.to_vec()), ("xchg", int.to_vec()), ("xor", int.to_vec())]);
        for (op, tys) in ops {
            for (suf, p, val) in tys {
                let b = format!("__nvvm_atom_{scope}{op}_gen_{suf}");
                let body = if op == "cas" {
                    format!("*{p} = {b}({p}, {val}, {val} + 1);")
                } else {
                    format!("*{p} = {b}({p}, {val});")
                };
                let api = format!("atomic{}{}{api_scope}", &op[..1].to_uppercase(), &op[1..]);
                v.push(row(&b, &body, &api));
            }
        }
    }
    v.push(row("__nvvm_activemask", "*pu = __nvvm_activemask();", "__activemask"));
    for op in ["and", "or", "popc"] {
        let b = format!("__nvvm_bar0_{op}");
        let api = if op == "popc" { "__syncthreads_count".to_string() } else { format!("__syncthreads_{op}") };
        v.push(row(&b, &format!("*pi = {b}(a);"), &api));
    }
    v.push(row("__nvvm_bar_warp_sync", "__nvvm_bar_warp_sync(0xffffffffu);", "__syncwarp"));
    v.push(row("__nvvm_barrier_sync", "__nvvm_barrier_sync(1);", "__barrier_sync"));
    v.push(row("__nvvm_barrier_sync_cnt", "__nvvm_barrier_sync_cnt(1, 64);", "__barrier_sync_count"));
    for b in ["arrive", "arrive_relaxed", "wait"] {
        let name = format!("__nvvm_barrier_cluster_{b}");
        v.push(row(&name, &format!("{name}();"), &format!("__cluster_barrier_{b}")));
    }
    for n in [4, 8, 16] {
        let b = format!("__nvvm_cp_async_ca_shared_global_{n}");
        let body = format!(
            "__shared__ int sh[8]; {b}((void __attribute__((address_space(3))) *)sh, \
             (const void __attribute__((address_space(1))) *)pi, {n}); *pi = sh[a & 7];"
        );
        v.push(row(&b, &body, &format!("__nv_memcpy_async_shared_global_{n}")));
    }
    v.push(row("__nvvm_fence_sc_cluster", "__nvvm_fence_sc_cluster();", "__threadfence_cluster"));
    v.push(row("__nvvm_fns", "*pu = __nvvm_fns(0xffffffffu, 3u, a);", "__fns"));
    v.push(row("__nvvm_getctarank", "*pu = __nvvm_getctarank((void *)pi);", "__cluster_query_shared_rank"));
    v.push(row("__nvvm_is_explicit_cluster", "*pi = __nvvm_is_explicit_cluster();", "__isCluster"));
    for s in ["const", "global", "local", "shared", "shared_cluster"] {
        let b = format!("__nvvm_isspacep_{s}");
        let api = match s {
            "const" => "__isConstant",
            "global" => "__isGlobal",
            "local" => "__isLocal",
            "shared" => "__isShared",
            _ => "__isClusterShared",
        };
        v.push(row(&b, &format!("*pi = {b}((void *)pl);"), api));
    }
    for (suf, ty) in [
        ("c", "char"),
        ("c2", "c2"),
        ("c4", "c4"),
        ("d", "double"),
        ("d2", "d2"),
        ("f", "float"),
        ("f2", "f2"),
        ("f4", "f4"),
        ("i", "int"),
        ("i2", "i2"),
        ("i4", "i4"),
        ("l", "long"),
        ("ll", "long long"),
        ("ll2", "ll2"),
        ("s", "short"),
        ("s2", "s2"),
        ("s4", "s4"),
        ("uc", "unsigned char"),
        ("uc2", "uc2"),
        ("uc4", "uc4"),
        ("ui", "unsigned"),
        ("ui2", "ui2"),
        ("ui4", "ui4"),
        ("ul", "unsigned long"),
        ("ull", "unsigned long long"),
        ("ull2", "ull2"),
        ("us", "unsigned short"),
        ("us2", "us2"),
        ("us4", "us4"),
    ] {
        let b = format!("__nvvm_ldg_{suf}");
        v.push(row(&b, &format!("*({ty} *)pd = {b}((const {ty} *)pl + a);"), "__ldg"));
    }
    v.push(row("__nvvm_mapa", "*(void **)pl = __nvvm_mapa((void *)pi, (unsigned)a);", "__cluster_map_shared_rank"));
    v.push(row(
        "__nvvm_match_all_sync_i32p",
        "*pu = __nvvm_match_all_sync_i32p(0xffffffffu, (unsigned)a, pi);",
        "__match_all_sync",
    ));
    v.push(row(
        "__nvvm_match_all_sync_i64p",
        "*pu = __nvvm_match_all_sync_i64p(0xffffffffu, (long long)a, pi);",
        "__match_all_sync",
    ));
    v.push(row(
        "__nvvm_match_any_sync_i32",
        "*pu = __nvvm_match_any_sync_i32(0xffffffffu, (unsigned)a);",
        "__match_any_sync",
    ));
    v.push(row(
        "__nvvm_match_any_sync_i64",
        "*pu = __nvvm_match_any_sync_i64(0xffffffffu, (long long)a);",
        "__match_any_sync",
    ));
    for (s, api) in [("cta", "__threadfence_block"), ("gl", "__threadfence"), ("sys", "__threadfence_system")] {
        let b = format!("__nvvm_membar_{s}");
        v.push(row(&b, &format!("{b}();"), api));
    }
    let mut sregs: Vec<String> =
        ["clock", "clock64", "cluster_ctarank", "cluster_nctarank", "pm0", "pm1", "pm2", "pm3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    for base in ["cluster_ctaid", "cluster_nctaid", "clusterid", "ctaid", "nclusterid", "nctaid", "ntid", "tid"] {
        sregs.extend(["x", "y", "z"].iter().map(|c| format!("{base}_{c}")));
    }
    sregs.sort();
    for s in sregs {
        let b = format!("__nvvm_read_ptx_sreg_{s}");
        let (p, api) = if s == "clock64" { ("pl", "clock64") } else { ("pi", "") };
        let api = if api.is_empty() {
            match s.as_str() {
                "clock" => "clock".to_string(),
                s if s.starts_with("pm") => "(performance monitor)".to_string(),
                s => format!("builtin variable / cluster query ({s})"),
            }
        } else {
            api.to_string()
        };
        v.push(row(&b, &format!("*{p} = {b}();"), &api));
    }
    for op in ["add", "and", "max", "min", "or", "umax", "umin", "xor"] {
        let b = format!("__nvvm_redux_sync_{op}");
        let api = format!("__reduce_{}_sync", op.trim_start_matches('u'));
        v.push(row(&b, &format!("*pi = {b}(a, 0xffffffffu);"), &api));
    }
    for kind in ["bfly", "down", "idx", "up"] {
        let api = match kind {
            "bfly" => "__shfl_xor",
            "down" => "__shfl_down",
            "idx" => "__shfl",
            _ => "__shfl_up",
        };
        for (t, p, val) in [("f32", "pf", "(float)a"), ("i32", "pi", "a")] {
            let b = format!("__nvvm_shfl_{kind}_{t}");
            v.push(row(&b, &format!("*{p} = {b}({val}, 1, 0x1f);"), api));
            let b = format!("__nvvm_shfl_sync_{kind}_{t}");
            v.push(row(&b, &format!("*{p} = {b}(0xffffffffu, {val}, 1, 0x1f);"), &format!("{api}_sync")));
        }
    }
    for op in ["all", "any", "ballot"] {
        let b = format!("__nvvm_vote_{op}");
        v.push(row(&b, &format!("*pi = {b}(a > 3);"), &format!("__{op}")));
        let b = format!("__nvvm_vote_{op}_sync");
        v.push(row(&b, &format!("*pi = {b}(0xffffffffu, a > 3);"), &format!("__{op}_sync")));
    }
    v.push(row("__nvvm_vote_uni_sync", "*pi = __nvvm_vote_uni_sync(0xffffffffu, a > 3);", "__uni_sync"));
    v
}

/// The CUDA source: vector typedefs as in `__clang_cuda_intrinsics.h`, then one kernel per row.
fn source(rows: &[Row]) -> String {
    let mut s =
        String::from("#define __global__ __attribute__((global))\n#define __shared__ __attribute__((shared))\n");
    for (name, ty, n) in [
        ("c2", "char", 2),
        ("c4", "char", 4),
        ("s2", "short", 2),
        ("s4", "short", 4),
        ("i2", "int", 2),
        ("i4", "int", 4),
        ("ll2", "long long", 2),
        ("uc2", "unsigned char", 2),
        ("uc4", "unsigned char", 4),
        ("us2", "unsigned short", 2),
        ("us4", "unsigned short", 4),
        ("ui2", "unsigned int", 2),
        ("ui4", "unsigned int", 4),
        ("ull2", "unsigned long long", 2),
        ("f2", "float", 2),
        ("f4", "float", 4),
        ("d2", "double", 2),
    ] {
        writeln!(s, "typedef {ty} {name} __attribute__((ext_vector_type({n})));").unwrap();
    }
    for r in rows {
        writeln!(
            s,
            "extern \"C\" __global__ void k{}(int *pi, long long *pl, unsigned *pu, unsigned long long *pul, \
             float *pf, double *pd, int a) {{ {} }}",
            r.builtin, r.body
        )
        .unwrap();
    }
    s
}

/// What clang emitted for a row: the `llvm.*` intrinsics it calls, or the IR instruction kind.
fn ir_of(module: &str) -> String {
    let mut names: Vec<String> = Vec::new();
    for line in module.lines().filter(|l| !l.starts_with("declare") && !l.starts_with("define")) {
        if let Some(i) = line.find("@llvm.") {
            let rest = &line[i + 1..];
            let end = rest.find('(').unwrap_or(rest.len());
            let n = rest[..end].to_string();
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    if names.is_empty() {
        for kw in ["atomicrmw", "cmpxchg", "fence", "load"] {
            if let Some(l) = module.lines().find(|l| l.contains(&format!("= {kw} ")) || l.trim_start().starts_with(kw))
            {
                let toks: Vec<&str> = l.split_whitespace().collect();
                let at = toks.iter().position(|t| *t == kw).unwrap();
                let mut d = toks[at..].iter().take(3).copied().collect::<Vec<_>>().join(" ");
                if kw == "load" {
                    d = format!("load{}", if l.contains("!invariant.load") { " !invariant.load" } else { "" });
                }
                if kw == "atomicrmw" || kw == "cmpxchg" {
                    let sc = l.split_whitespace().find(|t| t.starts_with("syncscope")).unwrap_or("");
                    d = format!("{kw} {} {sc}", toks[at + 1]).trim().to_string();
                }
                names.push(d);
                break;
            }
        }
    }
    names.join(", ")
}

/// Compiles every row; returns the rendered table.
fn table(dir: &std::path::Path) -> Option<String> {
    let clang = common::llvm_tool("clang")?;
    let extract = common::llvm_tool("llvm-extract")?;
    let ptxas = common::ptxas_for("sm_90")?;
    let rows = rows();
    let cu = dir.join("builtins.cu");
    std::fs::write(&cu, source(&rows)).unwrap();
    let ll = dir.join("builtins.ll");
    let o = Command::new(clang)
        .args(["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudainc", "-nocudalib"])
        .args(["-Xclang", "-target-feature", "-Xclang", "+ptx80", "-O1", "-S", "-emit-llvm"])
        .arg(&cu)
        .arg("-o")
        .arg(&ll)
        .output()
        .unwrap();
    assert!(o.status.success(), "clang: {}", String::from_utf8_lossy(&o.stderr));
    let mut out = String::new();
    out.push_str("| builtin | CUDA API | LLVM IR from clang 19 | simtc (sm_90) |\n|---|---|---|---|\n");
    let mut problems = Vec::new();
    for r in &rows {
        let k = format!("k{}", r.builtin);
        let one = dir.join(format!("{k}.ll"));
        let o =
            Command::new(&extract).args([&format!("--func={k}"), "-S"]).arg(&ll).arg("-o").arg(&one).output().unwrap();
        assert!(o.status.success(), "llvm-extract {k}: {}", String::from_utf8_lossy(&o.stderr));
        let module = std::fs::read_to_string(&one).unwrap();
        let ptx = dir.join(format!("{k}.ptx"));
        let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
            .args(["compile", one.to_str().unwrap(), "--mcpu", "sm_90", "-o", ptx.to_str().unwrap()])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr);
        let status = match o.status.code() {
            Some(0) => {
                let p = Command::new(&ptxas).args(["-arch=sm_90", "-o", "/dev/null"]).arg(&ptx).output().unwrap();
                if !p.status.success() {
                    problems.push(format!(
                        "{}: ptxas rejects simtc's PTX: {}",
                        r.builtin,
                        String::from_utf8_lossy(&p.stderr)
                    ));
                }
                let text = std::fs::read_to_string(&ptx).unwrap();
                if let Err(e) = simtc_emu::load_ptx(&text, &format!("{k}.ptx")) {
                    problems.push(format!("{}: the emulator cannot decode simtc's PTX: {e}", r.builtin));
                }
                "supported".to_string()
            }
            Some(1) if !stderr.contains("panicked") => {
                let msg = stderr.lines().find(|l| l.contains("error")).unwrap_or("").trim();
                // Keep the message, not the file name, line and column of the temporary module.
                let msg = msg.rsplit_once("error: ").map(|(_, m)| m).unwrap_or(msg);
                format!("rejected: `{}`", msg.replace('|', "\\|"))
            }
            other => {
                problems.push(format!("{}: simtc exit {other:?}: {stderr}", r.builtin));
                "CRASH".to_string()
            }
        };
        writeln!(out, "| `{}` | `{}` | `{}` | {} |", r.builtin, r.api, ir_of(&module), status).unwrap();
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Some(out)
}

const BEGIN: &str = "<!-- BEGIN GENERATED TABLE (crates/simtc/tests/nvvm_intrinsics.rs) -->\n";
const END: &str = "<!-- END GENERATED TABLE -->\n";

#[test]
fn nvvm_builtins_table_is_current() {
    let dir = std::env::temp_dir().join(format!("simtc-nvvm-intrinsics-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let Some(generated) = table(&dir) else { return };
    let _ = std::fs::remove_dir_all(&dir);
    let doc = common::repo_root().join("doc/nvvm-intrinsics.md");
    let text = std::fs::read_to_string(&doc).unwrap();
    let (a, b) = (text.find(BEGIN).expect("BEGIN marker") + BEGIN.len(), text.find(END).expect("END marker"));
    if text[a..b] != generated {
        if std::env::var_os("SIMTC_UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(&doc, format!("{}{generated}{}", &text[..a], &text[b..])).unwrap();
        } else {
            panic!(
                "doc/nvvm-intrinsics.md is out of date (rerun with SIMTC_UPDATE_SNAPSHOTS=1 and review the diff); \
                 generated table:\n{generated}"
            );
        }
    }
    let supported = generated.matches("| supported |").count();
    let rejected = generated.matches("| rejected:").count();
    eprintln!("{} builtins: {supported} supported, {rejected} rejected", rows().len());
}
