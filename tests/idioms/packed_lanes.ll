; Lanes narrower than 32 bits accessed as whole words. Thread g owns bytes [64g, 64g + 64) of `in` and `out`:
;   bytes  0..16: eight scalar i16 loads and stores (align 16 on the first): out16[k] = in16[k] + 3 (k + 1)
;   bytes 16..32: sixteen scalar i8 loads and stores: out8[k] = in8[k] ^ 7k
;   bytes 32..40: eight scalar i8 loads and stores at align 8: out8[k] = in8[k] + 1
;   bytes 40..48: one <8 x i8> load and store at align 8: out8[k] = 3 in8[k]
;   bytes 48..64: one <8 x i16> load at align 8 and store at align 4: out16[k] = in16[k] << 1
; At -O3 load-store-vectorize joins the scalar runs into <8 x i16>, <16 x i8> and <8 x i8> chains, which
; instruction selection reads and writes as ld/st .v4.b32 and .v2.b32 words (and .b32 words at align 4).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @packed_lanes(ptr addrspace(1) align 16 %in, ptr addrspace(1) align 16 %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %g64 = zext i32 %gid to i64
  %off = shl nuw nsw i64 %g64, 6
  %src = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %off
  %dst = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %off
  %ap0 = getelementptr inbounds i16, ptr addrspace(1) %src, i64 0
  %av0 = load i16, ptr addrspace(1) %ap0, align 16
  %aw0 = add i16 %av0, 3
  %ap1 = getelementptr inbounds i16, ptr addrspace(1) %src, i64 1
  %av1 = load i16, ptr addrspace(1) %ap1, align 2
  %aw1 = add i16 %av1, 6
  %ap2 = getelementptr inbounds i16, ptr addrspace(1) %src, i64 2
  %av2 = load i16, ptr addrspace(1) %ap2, align 2
  %aw2 = add i16 %av2, 9
  %ap3 = getelementptr inbounds i16, ptr addrspace(1) %src, i64 3
  %av3 = load i16, ptr addrspace(1) %ap3, align 2
  %aw3 = add i16 %av3, 12
  %ap4 = getelementptr inbounds i16, ptr addrspace(1) %src, i64 4
  %av4 = load i16, ptr addrspace(1) %ap4, align 2
  %aw4 = add i16 %av4, 15
  %ap5 = getelementptr inbounds i16, ptr addrspace(1) %src, i64 5
  %av5 = load i16, ptr addrspace(1) %ap5, align 2
  %aw5 = add i16 %av5, 18
  %ap6 = getelementptr inbounds i16, ptr addrspace(1) %src, i64 6
  %av6 = load i16, ptr addrspace(1) %ap6, align 2
  %aw6 = add i16 %av6, 21
  %ap7 = getelementptr inbounds i16, ptr addrspace(1) %src, i64 7
  %av7 = load i16, ptr addrspace(1) %ap7, align 2
  %aw7 = add i16 %av7, 24
  %aq0 = getelementptr inbounds i16, ptr addrspace(1) %dst, i64 0
  store i16 %aw0, ptr addrspace(1) %aq0, align 16
  %aq1 = getelementptr inbounds i16, ptr addrspace(1) %dst, i64 1
  store i16 %aw1, ptr addrspace(1) %aq1, align 2
  %aq2 = getelementptr inbounds i16, ptr addrspace(1) %dst, i64 2
  store i16 %aw2, ptr addrspace(1) %aq2, align 2
  %aq3 = getelementptr inbounds i16, ptr addrspace(1) %dst, i64 3
  store i16 %aw3, ptr addrspace(1) %aq3, align 2
  %aq4 = getelementptr inbounds i16, ptr addrspace(1) %dst, i64 4
  store i16 %aw4, ptr addrspace(1) %aq4, align 2
  %aq5 = getelementptr inbounds i16, ptr addrspace(1) %dst, i64 5
  store i16 %aw5, ptr addrspace(1) %aq5, align 2
  %aq6 = getelementptr inbounds i16, ptr addrspace(1) %dst, i64 6
  store i16 %aw6, ptr addrspace(1) %aq6, align 2
  %aq7 = getelementptr inbounds i16, ptr addrspace(1) %dst, i64 7
  store i16 %aw7, ptr addrspace(1) %aq7, align 2
  %bp0 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 16
  %bv0 = load i8, ptr addrspace(1) %bp0, align 16
  %bw0 = xor i8 %bv0, 0
  %bp1 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 17
  %bv1 = load i8, ptr addrspace(1) %bp1, align 1
  %bw1 = xor i8 %bv1, 7
  %bp2 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 18
  %bv2 = load i8, ptr addrspace(1) %bp2, align 1
  %bw2 = xor i8 %bv2, 14
  %bp3 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 19
  %bv3 = load i8, ptr addrspace(1) %bp3, align 1
  %bw3 = xor i8 %bv3, 21
  %bp4 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 20
  %bv4 = load i8, ptr addrspace(1) %bp4, align 1
  %bw4 = xor i8 %bv4, 28
  %bp5 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 21
  %bv5 = load i8, ptr addrspace(1) %bp5, align 1
  %bw5 = xor i8 %bv5, 35
  %bp6 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 22
  %bv6 = load i8, ptr addrspace(1) %bp6, align 1
  %bw6 = xor i8 %bv6, 42
  %bp7 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 23
  %bv7 = load i8, ptr addrspace(1) %bp7, align 1
  %bw7 = xor i8 %bv7, 49
  %bp8 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 24
  %bv8 = load i8, ptr addrspace(1) %bp8, align 1
  %bw8 = xor i8 %bv8, 56
  %bp9 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 25
  %bv9 = load i8, ptr addrspace(1) %bp9, align 1
  %bw9 = xor i8 %bv9, 63
  %bp10 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 26
  %bv10 = load i8, ptr addrspace(1) %bp10, align 1
  %bw10 = xor i8 %bv10, 70
  %bp11 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 27
  %bv11 = load i8, ptr addrspace(1) %bp11, align 1
  %bw11 = xor i8 %bv11, 77
  %bp12 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 28
  %bv12 = load i8, ptr addrspace(1) %bp12, align 1
  %bw12 = xor i8 %bv12, 84
  %bp13 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 29
  %bv13 = load i8, ptr addrspace(1) %bp13, align 1
  %bw13 = xor i8 %bv13, 91
  %bp14 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 30
  %bv14 = load i8, ptr addrspace(1) %bp14, align 1
  %bw14 = xor i8 %bv14, 98
  %bp15 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 31
  %bv15 = load i8, ptr addrspace(1) %bp15, align 1
  %bw15 = xor i8 %bv15, 105
  %bq0 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 16
  store i8 %bw0, ptr addrspace(1) %bq0, align 16
  %bq1 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 17
  store i8 %bw1, ptr addrspace(1) %bq1, align 1
  %bq2 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 18
  store i8 %bw2, ptr addrspace(1) %bq2, align 1
  %bq3 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 19
  store i8 %bw3, ptr addrspace(1) %bq3, align 1
  %bq4 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 20
  store i8 %bw4, ptr addrspace(1) %bq4, align 1
  %bq5 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 21
  store i8 %bw5, ptr addrspace(1) %bq5, align 1
  %bq6 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 22
  store i8 %bw6, ptr addrspace(1) %bq6, align 1
  %bq7 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 23
  store i8 %bw7, ptr addrspace(1) %bq7, align 1
  %bq8 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 24
  store i8 %bw8, ptr addrspace(1) %bq8, align 1
  %bq9 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 25
  store i8 %bw9, ptr addrspace(1) %bq9, align 1
  %bq10 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 26
  store i8 %bw10, ptr addrspace(1) %bq10, align 1
  %bq11 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 27
  store i8 %bw11, ptr addrspace(1) %bq11, align 1
  %bq12 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 28
  store i8 %bw12, ptr addrspace(1) %bq12, align 1
  %bq13 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 29
  store i8 %bw13, ptr addrspace(1) %bq13, align 1
  %bq14 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 30
  store i8 %bw14, ptr addrspace(1) %bq14, align 1
  %bq15 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 31
  store i8 %bw15, ptr addrspace(1) %bq15, align 1
  %cp0 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 32
  %cv0 = load i8, ptr addrspace(1) %cp0, align 8
  %cw0 = add i8 %cv0, 1
  %cp1 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 33
  %cv1 = load i8, ptr addrspace(1) %cp1, align 1
  %cw1 = add i8 %cv1, 1
  %cp2 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 34
  %cv2 = load i8, ptr addrspace(1) %cp2, align 1
  %cw2 = add i8 %cv2, 1
  %cp3 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 35
  %cv3 = load i8, ptr addrspace(1) %cp3, align 1
  %cw3 = add i8 %cv3, 1
  %cp4 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 36
  %cv4 = load i8, ptr addrspace(1) %cp4, align 1
  %cw4 = add i8 %cv4, 1
  %cp5 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 37
  %cv5 = load i8, ptr addrspace(1) %cp5, align 1
  %cw5 = add i8 %cv5, 1
  %cp6 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 38
  %cv6 = load i8, ptr addrspace(1) %cp6, align 1
  %cw6 = add i8 %cv6, 1
  %cp7 = getelementptr inbounds i8, ptr addrspace(1) %src, i64 39
  %cv7 = load i8, ptr addrspace(1) %cp7, align 1
  %cw7 = add i8 %cv7, 1
  %cq0 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 32
  store i8 %cw0, ptr addrspace(1) %cq0, align 8
  %cq1 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 33
  store i8 %cw1, ptr addrspace(1) %cq1, align 1
  %cq2 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 34
  store i8 %cw2, ptr addrspace(1) %cq2, align 1
  %cq3 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 35
  store i8 %cw3, ptr addrspace(1) %cq3, align 1
  %cq4 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 36
  store i8 %cw4, ptr addrspace(1) %cq4, align 1
  %cq5 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 37
  store i8 %cw5, ptr addrspace(1) %cq5, align 1
  %cq6 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 38
  store i8 %cw6, ptr addrspace(1) %cq6, align 1
  %cq7 = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 39
  store i8 %cw7, ptr addrspace(1) %cq7, align 1
  %dp = getelementptr inbounds i8, ptr addrspace(1) %src, i64 40
  %dv = load <8 x i8>, ptr addrspace(1) %dp, align 8
  %dw = mul <8 x i8> %dv, <i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3>
  %dq = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 40
  store <8 x i8> %dw, ptr addrspace(1) %dq, align 8
  %ep = getelementptr inbounds i8, ptr addrspace(1) %src, i64 48
  %ev = load <8 x i16>, ptr addrspace(1) %ep, align 8
  %ew = shl <8 x i16> %ev, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %eq = getelementptr inbounds i8, ptr addrspace(1) %dst, i64 48
  store <8 x i16> %ew, ptr addrspace(1) %eq, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
