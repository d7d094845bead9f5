; A work-efficient (Blelloch) exclusive scan of 128-word segments in a grid-stride loop over segments, 64
; threads per block: clang -O3 hoists the loop-invariant tests `t < 64`, `t < 32`, ..., `t == 0` of the
; unrolled up- and down-sweeps above the segment loop, so eight predicates plus the loop's own test would be live
; through it; sink-compares recomputes each where it is read. Made by clang-19 (-x cuda --cuda-device-only
; --cuda-gpu-arch=sm_90 -nocudainc -nocudalib -O3 -S -emit-llvm) from this source, then trimmed of attributes
; and metadata. crates/simtc/tests/idioms.rs.
;
;   #define N 128
;   __global__ void scan(long nseg, int *__restrict__ out, const int *__restrict__ in) {
;     __shared__ int temp[N];
;     for (long seg = blockIdx.x; seg < nseg; seg += gridDim.x) {
;       const int *gi = in + seg * N; int *go = out + seg * N;
;       int t = threadIdx.x, offset = 1;
;       temp[2 * t] = gi[2 * t]; temp[2 * t + 1] = gi[2 * t + 1];
;       for (int d = N >> 1; d > 0; d >>= 1) {
;         __syncthreads();
;         if (t < d) { int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1; temp[bi] += temp[ai]; }
;         offset *= 2;
;       }
;       if (t == 0) temp[N - 1] = 0;
;       for (int d = 1; d < N; d *= 2) {
;         offset >>= 1;
;         __syncthreads();
;         if (t < d) {
;           int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
;           int x = temp[ai]; temp[ai] = temp[bi]; temp[bi] += x;
;         }
;       }
;       __syncthreads();
;       go[2 * t] = temp[2 * t]; go[2 * t + 1] = temp[2 * t + 1];
;       __syncthreads();
;     }
;   }

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ4scanlPiPKiE4temp = internal unnamed_addr addrspace(3) global [128 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define ptx_kernel void @scan(i64 noundef %0, ptr noalias nocapture noundef writeonly %1, ptr noalias nocapture noundef readonly %2) local_unnamed_addr {
  %4 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = zext nneg i32 %4 to i64
  %6 = icmp slt i64 %5, %0
  br i1 %6, label %7, label %116

7:                                                ; preds = %3
  %8 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = shl nuw nsw i32 %8, 1
  %10 = zext nneg i32 %9 to i64
  %11 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %10
  %12 = or disjoint i32 %9, 1
  %13 = zext nneg i32 %12 to i64
  %14 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %13
  %15 = add nuw nsw i32 %9, 2
  %16 = icmp eq i32 %8, 0
  %17 = tail call range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %18 = zext nneg i32 %17 to i64
  %19 = icmp ult i32 %8, 64
  %20 = or disjoint i32 %9, 1
  %21 = zext nneg i32 %9 to i64
  %22 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %21
  %23 = zext nneg i32 %20 to i64
  %24 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %23
  %25 = icmp ult i32 %8, 32
  %26 = shl nuw nsw i32 %12, 1
  %27 = add nsw i32 %26, -1
  %28 = shl nuw nsw i32 %15, 1
  %29 = add nsw i32 %28, -1
  %30 = zext nneg i32 %27 to i64
  %31 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %30
  %32 = zext nneg i32 %29 to i64
  %33 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %32
  %34 = icmp ult i32 %8, 16
  %35 = shl nuw nsw i32 %12, 2
  %36 = add nsw i32 %35, -1
  %37 = shl nuw nsw i32 %15, 2
  %38 = add nsw i32 %37, -1
  %39 = zext nneg i32 %36 to i64
  %40 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %39
  %41 = zext nneg i32 %38 to i64
  %42 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %41
  %43 = icmp ult i32 %8, 8
  %44 = shl nuw nsw i32 %12, 3
  %45 = add nsw i32 %44, -1
  %46 = shl nuw nsw i32 %15, 3
  %47 = add nsw i32 %46, -1
  %48 = zext nneg i32 %45 to i64
  %49 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %48
  %50 = zext nneg i32 %47 to i64
  %51 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %50
  %52 = icmp ult i32 %8, 4
  %53 = shl nuw nsw i32 %12, 4
  %54 = add nsw i32 %53, -1
  %55 = shl nuw nsw i32 %15, 4
  %56 = add nsw i32 %55, -1
  %57 = zext nneg i32 %54 to i64
  %58 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %57
  %59 = zext nneg i32 %56 to i64
  %60 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %59
  %61 = icmp ult i32 %8, 2
  %62 = shl nuw nsw i32 %12, 5
  %63 = add nsw i32 %62, -1
  %64 = shl nuw nsw i32 %15, 5
  %65 = add nsw i32 %64, -1
  %66 = zext nneg i32 %63 to i64
  %67 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %66
  %68 = zext nneg i32 %65 to i64
  %69 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %68
  %70 = icmp eq i32 %8, 0
  %71 = shl nuw nsw i32 %12, 5
  %72 = add nsw i32 %71, -1
  %73 = shl nuw nsw i32 %15, 5
  %74 = add nsw i32 %73, -1
  %75 = zext nneg i32 %72 to i64
  %76 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %75
  %77 = zext nneg i32 %74 to i64
  %78 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %77
  %79 = shl nuw nsw i32 %12, 4
  %80 = add nsw i32 %79, -1
  %81 = shl nuw nsw i32 %15, 4
  %82 = add nsw i32 %81, -1
  %83 = zext nneg i32 %80 to i64
  %84 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %83
  %85 = zext nneg i32 %82 to i64
  %86 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %85
  %87 = shl nuw nsw i32 %12, 3
  %88 = add nsw i32 %87, -1
  %89 = shl nuw nsw i32 %15, 3
  %90 = add nsw i32 %89, -1
  %91 = zext nneg i32 %88 to i64
  %92 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %91
  %93 = zext nneg i32 %90 to i64
  %94 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %93
  %95 = shl nuw nsw i32 %12, 2
  %96 = add nsw i32 %95, -1
  %97 = shl nuw nsw i32 %15, 2
  %98 = add nsw i32 %97, -1
  %99 = zext nneg i32 %96 to i64
  %100 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %99
  %101 = zext nneg i32 %98 to i64
  %102 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %101
  %103 = shl nuw nsw i32 %12, 1
  %104 = add nsw i32 %103, -1
  %105 = shl nuw nsw i32 %15, 1
  %106 = add nsw i32 %105, -1
  %107 = zext nneg i32 %104 to i64
  %108 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %107
  %109 = zext nneg i32 %106 to i64
  %110 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %109
  %111 = or disjoint i32 %9, 1
  %112 = zext nneg i32 %9 to i64
  %113 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %112
  %114 = zext nneg i32 %111 to i64
  %115 = getelementptr inbounds [128 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 0, i64 %114
  br label %117

116:                                              ; preds = %197, %3
  ret void

117:                                              ; preds = %7, %197
  %118 = phi i64 [ %5, %7 ], [ %202, %197 ]
  %119 = shl nsw i64 %118, 7
  %120 = getelementptr inbounds i32, ptr %2, i64 %119
  %121 = getelementptr inbounds i32, ptr %120, i64 %10
  %122 = load i32, ptr %121, align 4
  store i32 %122, ptr %11, align 4
  %123 = getelementptr inbounds i32, ptr %120, i64 %13
  %124 = load i32, ptr %123, align 4
  store i32 %124, ptr %14, align 4
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %19, label %125, label %129

125:                                              ; preds = %117
  %126 = load i32, ptr %22, align 4
  %127 = load i32, ptr %24, align 4
  %128 = add nsw i32 %127, %126
  store i32 %128, ptr %24, align 4
  br label %129

129:                                              ; preds = %125, %117
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %25, label %130, label %134

130:                                              ; preds = %129
  %131 = load i32, ptr %31, align 4
  %132 = load i32, ptr %33, align 4
  %133 = add nsw i32 %132, %131
  store i32 %133, ptr %33, align 4
  br label %134

134:                                              ; preds = %130, %129
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %34, label %135, label %139

135:                                              ; preds = %134
  %136 = load i32, ptr %40, align 4
  %137 = load i32, ptr %42, align 4
  %138 = add nsw i32 %137, %136
  store i32 %138, ptr %42, align 4
  br label %139

139:                                              ; preds = %135, %134
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %43, label %140, label %144

140:                                              ; preds = %139
  %141 = load i32, ptr %49, align 4
  %142 = load i32, ptr %51, align 4
  %143 = add nsw i32 %142, %141
  store i32 %143, ptr %51, align 4
  br label %144

144:                                              ; preds = %140, %139
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %52, label %145, label %149

145:                                              ; preds = %144
  %146 = load i32, ptr %58, align 4
  %147 = load i32, ptr %60, align 4
  %148 = add nsw i32 %147, %146
  store i32 %148, ptr %60, align 4
  br label %149

149:                                              ; preds = %145, %144
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %61, label %150, label %154

150:                                              ; preds = %149
  %151 = load i32, ptr %67, align 4
  %152 = load i32, ptr %69, align 4
  %153 = add nsw i32 %152, %151
  store i32 %153, ptr %69, align 4
  br label %154

154:                                              ; preds = %150, %149
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %70, label %155, label %159

155:                                              ; preds = %154
  %156 = load i32, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 252), align 4
  %157 = load i32, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 508), align 4
  %158 = add nsw i32 %157, %156
  store i32 %158, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 508), align 4
  br label %159

159:                                              ; preds = %155, %154
  %160 = getelementptr inbounds i32, ptr %1, i64 %119
  br i1 %16, label %161, label %162

161:                                              ; preds = %159
  store i32 0, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 508), align 4
  br label %162

162:                                              ; preds = %161, %159
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %70, label %163, label %167

163:                                              ; preds = %162
  %164 = load i32, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 252), align 4
  %165 = load i32, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 508), align 4
  store i32 %165, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 252), align 4
  %166 = add nsw i32 %165, %164
  store i32 %166, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ4scanlPiPKiE4temp to ptr), i64 508), align 4
  br label %167

167:                                              ; preds = %162, %163
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %61, label %168, label %172

168:                                              ; preds = %167
  %169 = load i32, ptr %76, align 4
  %170 = load i32, ptr %78, align 4
  store i32 %170, ptr %76, align 4
  %171 = add nsw i32 %170, %169
  store i32 %171, ptr %78, align 4
  br label %172

172:                                              ; preds = %168, %167
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %52, label %173, label %177

173:                                              ; preds = %172
  %174 = load i32, ptr %84, align 4
  %175 = load i32, ptr %86, align 4
  store i32 %175, ptr %84, align 4
  %176 = add nsw i32 %175, %174
  store i32 %176, ptr %86, align 4
  br label %177

177:                                              ; preds = %173, %172
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %43, label %178, label %182

178:                                              ; preds = %177
  %179 = load i32, ptr %92, align 4
  %180 = load i32, ptr %94, align 4
  store i32 %180, ptr %92, align 4
  %181 = add nsw i32 %180, %179
  store i32 %181, ptr %94, align 4
  br label %182

182:                                              ; preds = %178, %177
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %34, label %183, label %187

183:                                              ; preds = %182
  %184 = load i32, ptr %100, align 4
  %185 = load i32, ptr %102, align 4
  store i32 %185, ptr %100, align 4
  %186 = add nsw i32 %185, %184
  store i32 %186, ptr %102, align 4
  br label %187

187:                                              ; preds = %183, %182
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %25, label %188, label %192

188:                                              ; preds = %187
  %189 = load i32, ptr %108, align 4
  %190 = load i32, ptr %110, align 4
  store i32 %190, ptr %108, align 4
  %191 = add nsw i32 %190, %189
  store i32 %191, ptr %110, align 4
  br label %192

192:                                              ; preds = %188, %187
  tail call void @llvm.nvvm.bar.sync(i32 0)
  br i1 %19, label %193, label %197

193:                                              ; preds = %192
  %194 = load i32, ptr %113, align 4
  %195 = load i32, ptr %115, align 4
  store i32 %195, ptr %113, align 4
  %196 = add nsw i32 %195, %194
  store i32 %196, ptr %115, align 4
  br label %197

197:                                              ; preds = %193, %192
  tail call void @llvm.nvvm.bar.sync(i32 0)
  %198 = load i32, ptr %11, align 4
  %199 = getelementptr inbounds i32, ptr %160, i64 %10
  store i32 %198, ptr %199, align 4
  %200 = load i32, ptr %14, align 4
  %201 = getelementptr inbounds i32, ptr %160, i64 %13
  store i32 %200, ptr %201, align 4
  tail call void @llvm.nvvm.bar.sync(i32 0)
  %202 = add nuw nsw i64 %118, %18
  %203 = icmp slt i64 %202, %0
  br i1 %203, label %117, label %116
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.bar.sync(i32) convergent nounwind

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()



