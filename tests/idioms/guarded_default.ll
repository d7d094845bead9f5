; A guarded read with defaults: thread g reads the four words in[4g .. 4g+3] only when 4g < n (n = 100: threads
; 25 and up take the defaults 7, -1, 0, 3), then writes out[4g + k] = v_k * (k + 1). At -O3 the defaults are set
; before the branch (hoist-edge-copies), which then skips only the load.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @guarded_default(ptr addrspace(1) align 16 %in, ptr addrspace(1) align 16 %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %i = shl i32 %gid, 2
  %ok = icmp ult i32 %i, %n
  %i64 = zext i32 %i to i64
  br i1 %ok, label %read, label %join
read:
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i64
  %v = load <4 x i32>, ptr addrspace(1) %p, align 16
  %v0 = extractelement <4 x i32> %v, i64 0
  %v1 = extractelement <4 x i32> %v, i64 1
  %v2 = extractelement <4 x i32> %v, i64 2
  %v3 = extractelement <4 x i32> %v, i64 3
  br label %join
join:
  %a0 = phi i32 [ 7, %entry ], [ %v0, %read ]
  %a1 = phi i32 [ -1, %entry ], [ %v1, %read ]
  %a2 = phi i32 [ 0, %entry ], [ %v2, %read ]
  %a3 = phi i32 [ 3, %entry ], [ %v3, %read ]
  %b1 = shl i32 %a1, 1
  %b2 = mul i32 %a2, 3
  %b3 = shl i32 %a3, 2
  %w0 = insertelement <4 x i32> poison, i32 %a0, i64 0
  %w1 = insertelement <4 x i32> %w0, i32 %b1, i64 1
  %w2 = insertelement <4 x i32> %w1, i32 %b2, i64 2
  %w3 = insertelement <4 x i32> %w2, i32 %b3, i64 3
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i64
  store <4 x i32> %w3, ptr addrspace(1) %q, align 16
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
