//! Generated kernels for the CSSA / phi-elimination scaling benchmark (`examples/cssa_scaling.rs`) and its test
//! (`tests/phi_elim_shapes.rs`): `chain`, `flat`, `nested` and `loops` (described in the example and in
//! `doc/cssa.md`). Each generator takes the wanted number of phis and returns the LLVM IR and the exact count.

use std::fmt::Write as _;

/// The generated input shapes.
pub const SHAPES: [&str; 4] = ["chain", "flat", "nested", "loops"];

const HEADER: &str = "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
    define void @big(ptr %p) {\nentry:\n  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n";
const FOOTER: &str = "!nvvm.annotations = !{!0}\n!0 = !{ptr @big, !\"kernel\", i32 1}\n";

/// The `chain` shape with about `phis` phis; returns the source and its exact number of phis.
fn chain(phis: usize) -> (String, usize) {
    let units = phis * 3 / 7;
    let mut s = format!("{HEADER}  %x0 = add i32 %t, 1\n  %y0 = add i32 %t, 2\n  br label %u0\n");
    let mut count = 0;
    for k in 0..units {
        let n = k + 1;
        if k % 3 == 2 {
            count += 3;
            let _ = write!(
                s,
                "u{k}:\n  br label %h{k}\n\
                 h{k}:\n  %i{k} = phi i32 [ 0, %u{k} ], [ %in{k}, %h{k} ]\n  \
                 %xl{k} = phi i32 [ %x{k}, %u{k} ], [ %yl{k}, %h{k} ]\n  \
                 %yl{k} = phi i32 [ %y{k}, %u{k} ], [ %xl{k}, %h{k} ]\n  \
                 %in{k} = add i32 %i{k}, 1\n  %tm{k} = and i32 %t, 3\n  %e{k} = icmp ult i32 %in{k}, %tm{k}\n  \
                 br i1 %e{k}, label %h{k}, label %ex{k}\n\
                 ex{k}:\n  %x{n} = xor i32 %xl{k}, %i{k}\n  %y{n} = add i32 %yl{k}, 1\n  br label %u{n}\n"
            );
        } else {
            count += 2;
            let _ = write!(
                s,
                "u{k}:\n  %c{k} = icmp ult i32 %t, {}\n  br i1 %c{k}, label %a{k}, label %b{k}\n\
                 a{k}:\n  %xa{k} = add i32 %x{k}, {k}\n  br label %j{k}\n\
                 b{k}:\n  %yb{k} = mul i32 %y{k}, 3\n  br label %j{k}\n\
                 j{k}:\n  %x{n} = phi i32 [ %xa{k}, %a{k} ], [ %y{k}, %b{k} ]\n  \
                 %y{n} = phi i32 [ %y{k}, %a{k} ], [ %yb{k}, %b{k} ]\n  br label %u{n}\n",
                k % 31 + 1
            );
        }
    }
    let _ =
        write!(s, "u{units}:\n  %r = add i32 %x{units}, %y{units}\n  store i32 %r, ptr %p\n  ret void\n}}\n{FOOTER}");
    (s, count)
}

/// The `flat` shape: one join block with `phis` phis.
fn flat(phis: usize) -> (String, usize) {
    let mut s = format!("{HEADER}  %c = icmp ult i32 %t, 7\n  br i1 %c, label %a, label %b\na:\n");
    for k in 0..phis {
        let _ = writeln!(s, "  %a{k} = add i32 %t, {k}");
    }
    s.push_str("  br label %j\nb:\n");
    for k in 0..phis {
        let _ = writeln!(s, "  %b{k} = mul i32 %t, {}", k + 2);
    }
    s.push_str("  br label %j\nj:\n");
    for k in 0..phis {
        let _ = writeln!(s, "  %v{k} = phi i32 [ %a{k}, %a ], [ %b{k}, %b ]");
    }
    s.push_str("  %s0 = add i32 %v0, 0\n");
    for k in 1..phis {
        let _ = writeln!(s, "  %s{k} = add i32 %s{}, %v{k}", k - 1);
    }
    let _ = write!(s, "  store i32 %s{}, ptr %p\n  ret void\n}}\n{FOOTER}", phis - 1);
    (s, phis)
}

/// The `nested` shape: ifs nested `phis / 2` deep, two phis per join.
fn nested(phis: usize) -> (String, usize) {
    let depth = phis / 2;
    let mut s = format!("{HEADER}  br label %b0\n");
    for k in 0..depth {
        let _ = write!(
            s,
            "b{k}:\n  %x{k} = add i32 %t, {k}\n  %c{k} = icmp sgt i32 %t, {k}\n  \
             br i1 %c{k}, label %b{}, label %e{k}\n",
            k + 1
        );
    }
    let _ =
        write!(s, "b{depth}:\n  store i32 %t, ptr %p\n  br label %e{depth}\ne{depth}:\n  br label %e{}\n", depth - 1);
    for k in (0..depth).rev() {
        let (v, w) = if k + 1 == depth {
            ("%t".to_string(), "%t".to_string())
        } else {
            (format!("%v{}", k + 1), format!("%w{}", k + 1))
        };
        let inner = format!("%e{}", k + 1);
        let _ = write!(
            s,
            "e{k}:\n  %v{k} = phi i32 [ %x{k}, %b{k} ], [ {w}, {inner} ]\n  \
             %w{k} = phi i32 [ %t, %b{k} ], [ {v}, {inner} ]\n  %s{k} = add i32 %v{k}, %w{k}\n  \
             store i32 %s{k}, ptr %p\n"
        );
        if k == 0 {
            let _ = write!(s, "  ret void\n}}\n{FOOTER}");
        } else {
            let _ = writeln!(s, "  br label %e{}", k - 1);
        }
    }
    (s, 2 * depth)
}

/// The `loops` shape: `phis / 4` divergent loops in sequence, four loop-carried phis each.
fn loops(phis: usize) -> (String, usize) {
    let n = phis / 4;
    let mut s = format!("{HEADER}  %x0 = add i32 %t, 1\n  %y0 = add i32 %t, 2\n  br label %h0\n");
    for k in 0..n {
        let prev = if k == 0 { "entry".to_string() } else { format!("h{}", k - 1) };
        let (x, y, acc) = if k == 0 {
            ("%x0".into(), "%y0".into(), "0".into())
        } else {
            (format!("%xl{}", k - 1), format!("%yl{}", k - 1), format!("%sn{}", k - 1))
        };
        let _ = write!(
            s,
            "h{k}:\n  %i{k} = phi i32 [ 0, %{prev} ], [ %in{k}, %h{k} ]\n  \
             %xl{k} = phi i32 [ {x}, %{prev} ], [ %yl{k}, %h{k} ]\n  \
             %yl{k} = phi i32 [ {y}, %{prev} ], [ %xl{k}, %h{k} ]\n  \
             %sl{k} = phi i32 [ {acc}, %{prev} ], [ %sn{k}, %h{k} ]\n  \
             %sn{k} = add i32 %sl{k}, %xl{k}\n  %in{k} = add i32 %i{k}, 1\n  %tm{k} = and i32 %t, {}\n  \
             %e{k} = icmp ult i32 %in{k}, %tm{k}\n  br i1 %e{k}, label %h{k}, label %{}\n",
            k % 7 + 1,
            if k + 1 == n { "done".to_string() } else { format!("h{}", k + 1) }
        );
    }
    let l = n - 1;
    let _ = write!(
        s,
        "done:\n  %r0 = add i32 %xl{l}, %yl{l}\n  %r = add i32 %r0, %sn{l}\n  \
         store i32 %r, ptr %p\n  ret void\n}}\n{FOOTER}"
    );
    (s, 4 * n)
}

pub fn generate(shape: &str, phis: usize) -> (String, usize) {
    let phis = phis.max(4);
    match shape {
        "chain" => chain(phis),
        "flat" => flat(phis),
        "nested" => nested(phis),
        "loops" => loops(phis),
        _ => panic!("unknown shape {shape} (one of {SHAPES:?})"),
    }
}
