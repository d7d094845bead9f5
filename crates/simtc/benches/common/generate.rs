//! The module generator shared by the `read_verify_write` bench and the `io_throughput` example.

use std::fmt::Write;

/// A module of about `n` instructions, split into functions of about 5000 instructions each.
pub fn generate(n: usize) -> String {
    let mut s = String::with_capacity(n * 48);
    s.push_str("target triple = \"nvptx64-nvidia-cuda\"\n\n");
    s.push_str("declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #0\n");
    s.push_str("declare float @llvm.fma.f32(float, float, float) #0\n\n");
    let per_fn = 5000;
    let blocks_per_fn = per_fn / 25;
    let nfn = n.div_ceil(per_fn);
    for f in 0..nfn {
        let _ = writeln!(
            s,
            "define ptx_kernel void @k{f}(ptr addrspace(1) noundef %in, ptr addrspace(1) noundef %out, i32 %n) {{"
        );
        s.push_str("entry:\n  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  br label %b0\n");
        for b in 0..blocks_per_fn {
            let prev = if b == 0 { "entry".to_string() } else { format!("b{}.j", b - 1) };
            let acc_in = if b == 0 { "0.0".to_string() } else { format!("%acc{}", b - 1) };
            let _ = write!(
                s,
                "b{b}:\n  %p{b} = phi float [ {acc_in}, %{prev} ]\n  %i{b} = add nsw i32 %tid, {b}\n  \
                 %x{b} = zext i32 %i{b} to i64\n  %g{b} = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x{b}\n  \
                 %v{b} = load float, ptr addrspace(1) %g{b}, align 4\n  %m{b} = fmul contract float %v{b}, 2.500000e-01\n  \
                 %f{b} = call float @llvm.fma.f32(float %m{b}, float %v{b}, float %p{b})\n  %a{b} = and i32 %i{b}, 7\n  \
                 %s{b} = shl i32 %a{b}, 2\n  %o{b} = or disjoint i32 %s{b}, 1\n  %c{b} = icmp ult i32 %o{b}, %n\n  \
                 br i1 %c{b}, label %b{b}.t, label %b{b}.e\n\
                 b{b}.t:\n  %tv{b} = fadd float %f{b}, 1.000000e+00\n  %ti{b} = sext i32 %o{b} to i64\n  \
                 %tg{b} = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ti{b}\n  \
                 store float %tv{b}, ptr addrspace(1) %tg{b}, align 4\n  br label %b{b}.j\n\
                 b{b}.e:\n  %ev{b} = fsub float %f{b}, %m{b}\n  %es{b} = select i1 %c{b}, float %ev{b}, float %v{b}\n  \
                 br label %b{b}.j\n\
                 b{b}.j:\n  %acc{b} = phi float [ %tv{b}, %b{b}.t ], [ %es{b}, %b{b}.e ]\n  \
                 %d{b} = fdiv float %acc{b}, 3.000000e+00\n  %q{b} = fptosi float %d{b} to i32\n  \
                 %r{b} = xor i32 %q{b}, %tid\n"
            );
            if b + 1 == blocks_per_fn {
                let _ = write!(
                    s,
                    "  %last = getelementptr inbounds i32, ptr addrspace(1) %out, i64 0\n  \
                     store i32 %r{b}, ptr addrspace(1) %last, align 4\n  ret void\n"
                );
            } else {
                let _ = writeln!(s, "  br label %b{}", b + 1);
            }
        }
        s.push_str("}\n\n");
    }
    s.push_str("attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }\n");
    s
}
