; ModuleID = 'lsr_loops.cu'
source_filename = "lsr_loops.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @lsr_loops(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add i32 %8, %9
  %11 = tail call noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %12 = mul i32 %7, %11
  %13 = add nsw i32 %10, 1
  %14 = icmp slt i32 %13, %3
  br i1 %14, label %24, label %15

15:                                               ; preds = %24, %5
  %16 = icmp slt i32 %10, %4
  br i1 %16, label %17, label %131

17:                                               ; preds = %15
  %18 = icmp sgt i32 %4, 0
  br i1 %18, label %19, label %43

19:                                               ; preds = %17
  %20 = and i32 %4, 3
  %21 = icmp ult i32 %4, 4
  %22 = and i32 %4, 2147483644
  %23 = icmp eq i32 %20, 0
  br label %39

24:                                               ; preds = %5, %24
  %25 = phi i32 [ %37, %24 ], [ %13, %5 ]
  %26 = phi i32 [ %36, %24 ], [ %10, %5 ]
  %27 = sext i32 %26 to i64
  %28 = getelementptr inbounds float, ptr %0, i64 %27
  %29 = load float, ptr %28, align 4, !tbaa !5
  %30 = sext i32 %25 to i64
  %31 = getelementptr inbounds float, ptr %0, i64 %30
  %32 = load float, ptr %31, align 4, !tbaa !5
  %33 = fmul contract float %32, 5.000000e-01
  %34 = fadd contract float %29, %33
  %35 = getelementptr inbounds float, ptr %2, i64 %27
  store float %34, ptr %35, align 4, !tbaa !5
  %36 = add nsw i32 %26, %12
  %37 = add nsw i32 %36, 1
  %38 = icmp slt i32 %37, %3
  br i1 %38, label %24, label %15, !llvm.loop !9

39:                                               ; preds = %19, %70
  %40 = phi i32 [ %72, %70 ], [ 0, %19 ]
  %41 = phi float [ %75, %70 ], [ 0.000000e+00, %19 ]
  %42 = mul nuw nsw i32 %40, %4
  br i1 %21, label %48, label %77

43:                                               ; preds = %70, %17
  %44 = phi float [ 0.000000e+00, %17 ], [ %75, %70 ]
  %45 = add nsw i32 %10, %3
  %46 = sext i32 %45 to i64
  %47 = getelementptr inbounds float, ptr %2, i64 %46
  store float %44, ptr %47, align 4, !tbaa !5
  br label %131

48:                                               ; preds = %77, %39
  %49 = phi float [ poison, %39 ], [ %127, %77 ]
  %50 = phi i32 [ 0, %39 ], [ %128, %77 ]
  %51 = phi float [ 0.000000e+00, %39 ], [ %127, %77 ]
  br i1 %23, label %70, label %52

52:                                               ; preds = %48, %52
  %53 = phi i32 [ %67, %52 ], [ %50, %48 ]
  %54 = phi float [ %66, %52 ], [ %51, %48 ]
  %55 = phi i32 [ %68, %52 ], [ 0, %48 ]
  %56 = add nuw nsw i32 %53, %42
  %57 = zext nneg i32 %56 to i64
  %58 = getelementptr inbounds float, ptr %0, i64 %57
  %59 = load float, ptr %58, align 4, !tbaa !5
  %60 = mul nuw nsw i32 %53, %4
  %61 = add nsw i32 %60, %10
  %62 = sext i32 %61 to i64
  %63 = getelementptr inbounds float, ptr %1, i64 %62
  %64 = load float, ptr %63, align 4, !tbaa !5
  %65 = fmul contract float %59, %64
  %66 = fadd contract float %54, %65
  %67 = add nuw nsw i32 %53, 1
  %68 = add i32 %55, 1
  %69 = icmp eq i32 %68, %20
  br i1 %69, label %70, label %52, !llvm.loop !11

70:                                               ; preds = %52, %48
  %71 = phi float [ %49, %48 ], [ %66, %52 ]
  %72 = add nuw nsw i32 %40, 1
  %73 = uitofp nneg i32 %72 to float
  %74 = fmul contract float %71, %73
  %75 = fadd contract float %41, %74
  %76 = icmp eq i32 %72, %4
  br i1 %76, label %43, label %39, !llvm.loop !13

77:                                               ; preds = %39, %77
  %78 = phi i32 [ %128, %77 ], [ 0, %39 ]
  %79 = phi float [ %127, %77 ], [ 0.000000e+00, %39 ]
  %80 = phi i32 [ %129, %77 ], [ 0, %39 ]
  %81 = add nuw nsw i32 %78, %42
  %82 = zext nneg i32 %81 to i64
  %83 = getelementptr inbounds float, ptr %0, i64 %82
  %84 = load float, ptr %83, align 4, !tbaa !5
  %85 = mul nuw nsw i32 %78, %4
  %86 = add nsw i32 %85, %10
  %87 = sext i32 %86 to i64
  %88 = getelementptr inbounds float, ptr %1, i64 %87
  %89 = load float, ptr %88, align 4, !tbaa !5
  %90 = fmul contract float %84, %89
  %91 = fadd contract float %79, %90
  %92 = or disjoint i32 %78, 1
  %93 = add nuw nsw i32 %92, %42
  %94 = zext nneg i32 %93 to i64
  %95 = getelementptr inbounds float, ptr %0, i64 %94
  %96 = load float, ptr %95, align 4, !tbaa !5
  %97 = mul nuw nsw i32 %92, %4
  %98 = add nsw i32 %97, %10
  %99 = sext i32 %98 to i64
  %100 = getelementptr inbounds float, ptr %1, i64 %99
  %101 = load float, ptr %100, align 4, !tbaa !5
  %102 = fmul contract float %96, %101
  %103 = fadd contract float %91, %102
  %104 = or disjoint i32 %78, 2
  %105 = add nuw nsw i32 %104, %42
  %106 = zext nneg i32 %105 to i64
  %107 = getelementptr inbounds float, ptr %0, i64 %106
  %108 = load float, ptr %107, align 4, !tbaa !5
  %109 = mul nuw nsw i32 %104, %4
  %110 = add nsw i32 %109, %10
  %111 = sext i32 %110 to i64
  %112 = getelementptr inbounds float, ptr %1, i64 %111
  %113 = load float, ptr %112, align 4, !tbaa !5
  %114 = fmul contract float %108, %113
  %115 = fadd contract float %103, %114
  %116 = or disjoint i32 %78, 3
  %117 = add nuw nsw i32 %116, %42
  %118 = zext nneg i32 %117 to i64
  %119 = getelementptr inbounds float, ptr %0, i64 %118
  %120 = load float, ptr %119, align 4, !tbaa !5
  %121 = mul nuw nsw i32 %116, %4
  %122 = add nsw i32 %121, %10
  %123 = sext i32 %122 to i64
  %124 = getelementptr inbounds float, ptr %1, i64 %123
  %125 = load float, ptr %124, align 4, !tbaa !5
  %126 = fmul contract float %120, %125
  %127 = fadd contract float %115, %126
  %128 = add nuw nsw i32 %78, 4
  %129 = add i32 %80, 4
  %130 = icmp eq i32 %129, %22
  br i1 %130, label %48, label %77, !llvm.loop !14

131:                                              ; preds = %43, %15
  %132 = srem i32 %10, 5
  %133 = xor i32 %132, -1
  %134 = add i32 %133, %3
  %135 = icmp sgt i32 %134, -1
  br i1 %135, label %139, label %136

136:                                              ; preds = %139, %131
  %137 = phi float [ 0.000000e+00, %131 ], [ %145, %139 ]
  %138 = icmp sgt i32 %3, 0
  br i1 %138, label %148, label %161

139:                                              ; preds = %131, %139
  %140 = phi i32 [ %146, %139 ], [ %134, %131 ]
  %141 = phi float [ %145, %139 ], [ 0.000000e+00, %131 ]
  %142 = zext nneg i32 %140 to i64
  %143 = getelementptr inbounds float, ptr %1, i64 %142
  %144 = load float, ptr %143, align 4, !tbaa !5
  %145 = fadd contract float %141, %144
  %146 = add nsw i32 %140, -3
  %147 = icmp ugt i32 %140, 2
  br i1 %147, label %139, label %136, !llvm.loop !15

148:                                              ; preds = %136, %158
  %149 = phi i32 [ %159, %158 ], [ 0, %136 ]
  %150 = shl nuw nsw i32 %149, 1
  %151 = urem i32 %150, %3
  %152 = zext nneg i32 %151 to i64
  %153 = getelementptr inbounds float, ptr %0, i64 %152
  %154 = load float, ptr %153, align 4, !tbaa !5
  %155 = fcmp contract ogt float %154, 0x3FECCCCCC0000000
  br i1 %155, label %156, label %158

156:                                              ; preds = %148
  %157 = uitofp nneg i32 %149 to float
  br label %161

158:                                              ; preds = %148
  %159 = add nuw nsw i32 %149, 1
  %160 = icmp eq i32 %159, %3
  br i1 %160, label %161, label %148, !llvm.loop !16

161:                                              ; preds = %158, %136, %156
  %162 = phi float [ %157, %156 ], [ -1.000000e+00, %136 ], [ -1.000000e+00, %158 ]
  %163 = srem i32 %10, 13
  %164 = shl nsw i32 %163, 2
  %165 = icmp sgt i32 %163, 0
  br i1 %165, label %174, label %166

166:                                              ; preds = %174, %161
  %167 = phi float [ 0.000000e+00, %161 ], [ %207, %174 ]
  %168 = fadd contract float %137, %162
  %169 = fadd contract float %168, %167
  %170 = add i32 %10, %3
  %171 = add i32 %170, %4
  %172 = sext i32 %171 to i64
  %173 = getelementptr inbounds float, ptr %2, i64 %172
  store float %169, ptr %173, align 4, !tbaa !5
  ret void

174:                                              ; preds = %161, %174
  %175 = phi i32 [ %208, %174 ], [ 0, %161 ]
  %176 = phi float [ %207, %174 ], [ 0.000000e+00, %161 ]
  %177 = zext nneg i32 %175 to i64
  %178 = getelementptr inbounds float, ptr %0, i64 %177
  %179 = load float, ptr %178, align 4, !tbaa !5
  %180 = getelementptr inbounds float, ptr %1, i64 %177
  %181 = load float, ptr %180, align 4, !tbaa !5
  %182 = fmul contract float %179, %181
  %183 = fadd contract float %176, %182
  %184 = or disjoint i32 %175, 1
  %185 = zext nneg i32 %184 to i64
  %186 = getelementptr inbounds float, ptr %0, i64 %185
  %187 = load float, ptr %186, align 4, !tbaa !5
  %188 = getelementptr inbounds float, ptr %1, i64 %185
  %189 = load float, ptr %188, align 4, !tbaa !5
  %190 = fmul contract float %187, %189
  %191 = fadd contract float %183, %190
  %192 = or disjoint i32 %175, 2
  %193 = zext nneg i32 %192 to i64
  %194 = getelementptr inbounds float, ptr %0, i64 %193
  %195 = load float, ptr %194, align 4, !tbaa !5
  %196 = getelementptr inbounds float, ptr %1, i64 %193
  %197 = load float, ptr %196, align 4, !tbaa !5
  %198 = fmul contract float %195, %197
  %199 = fadd contract float %191, %198
  %200 = or disjoint i32 %175, 3
  %201 = zext nneg i32 %200 to i64
  %202 = getelementptr inbounds float, ptr %0, i64 %201
  %203 = load float, ptr %202, align 4, !tbaa !5
  %204 = getelementptr inbounds float, ptr %1, i64 %201
  %205 = load float, ptr %204, align 4, !tbaa !5
  %206 = fmul contract float %203, %205
  %207 = fadd contract float %199, %206
  %208 = add nuw nsw i32 %175, 4
  %209 = icmp eq i32 %208, %164
  br i1 %209, label %166, label %174, !llvm.loop !17
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @lsr_loops, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = distinct !{!13, !10}
!14 = distinct !{!14, !10}
!15 = distinct !{!15, !10}
!16 = distinct !{!16, !10}
!17 = distinct !{!17, !10, !12}
