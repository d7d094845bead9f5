; ModuleID = 'merge_step.cu'
source_filename = "merge_step.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @merge_step(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = zext i32 %3 to i64
  %11 = shl nuw nsw i64 %10, 1
  %12 = zext i32 %9 to i64
  %13 = mul i64 %11, %12
  %14 = zext i32 %2 to i64
  %15 = icmp ult i64 %13, %14
  br i1 %15, label %16, label %222

16:                                               ; preds = %4
  %17 = trunc nuw i64 %13 to i32
  %18 = add i32 %17, %3
  %19 = tail call noundef i32 @llvm.umin.i32(i32 %18, i32 %2)
  %20 = add i32 %19, %3
  %21 = tail call noundef i32 @llvm.umin.i32(i32 %20, i32 %2)
  %22 = icmp ugt i32 %19, %17
  %23 = icmp ult i32 %18, %21
  %24 = and i1 %22, %23
  br i1 %24, label %53, label %25

25:                                               ; preds = %70, %16
  %26 = phi i32 [ %19, %16 ], [ %71, %70 ]
  %27 = phi i32 [ %17, %16 ], [ %73, %70 ]
  %28 = phi i32 [ %17, %16 ], [ %72, %70 ]
  %29 = icmp ult i32 %28, %19
  br i1 %29, label %30, label %77

30:                                               ; preds = %25
  %31 = sub i32 %19, %28
  %32 = and i32 %31, 7
  %33 = icmp eq i32 %32, 0
  br i1 %33, label %47, label %34

34:                                               ; preds = %30, %34
  %35 = phi i32 [ %38, %34 ], [ %28, %30 ]
  %36 = phi i32 [ %42, %34 ], [ %27, %30 ]
  %37 = phi i32 [ %45, %34 ], [ 0, %30 ]
  %38 = add nuw i32 %35, 1
  %39 = zext i32 %35 to i64
  %40 = getelementptr inbounds i32, ptr %0, i64 %39
  %41 = load i32, ptr %40, align 4, !tbaa !5
  %42 = add i32 %36, 1
  %43 = zext i32 %36 to i64
  %44 = getelementptr inbounds i32, ptr %1, i64 %43
  store i32 %41, ptr %44, align 4, !tbaa !5
  %45 = add i32 %37, 1
  %46 = icmp eq i32 %45, %32
  br i1 %46, label %47, label %34, !llvm.loop !9

47:                                               ; preds = %34, %30
  %48 = phi i32 [ poison, %30 ], [ %42, %34 ]
  %49 = phi i32 [ %28, %30 ], [ %38, %34 ]
  %50 = phi i32 [ %27, %30 ], [ %42, %34 ]
  %51 = sub i32 %28, %19
  %52 = icmp ugt i32 %51, -8
  br i1 %52, label %77, label %102

53:                                               ; preds = %16, %70
  %54 = phi i32 [ %72, %70 ], [ %17, %16 ]
  %55 = phi i32 [ %73, %70 ], [ %17, %16 ]
  %56 = phi i32 [ %71, %70 ], [ %19, %16 ]
  %57 = zext i32 %54 to i64
  %58 = getelementptr inbounds i32, ptr %0, i64 %57
  %59 = load i32, ptr %58, align 4, !tbaa !5
  %60 = zext i32 %56 to i64
  %61 = getelementptr inbounds i32, ptr %0, i64 %60
  %62 = load i32, ptr %61, align 4, !tbaa !5
  %63 = icmp sgt i32 %59, %62
  %64 = zext i32 %55 to i64
  %65 = getelementptr inbounds i32, ptr %1, i64 %64
  br i1 %63, label %68, label %66

66:                                               ; preds = %53
  store i32 %59, ptr %65, align 4, !tbaa !5
  %67 = add nuw i32 %54, 1
  br label %70

68:                                               ; preds = %53
  store i32 %62, ptr %65, align 4, !tbaa !5
  %69 = add nuw i32 %56, 1
  br label %70

70:                                               ; preds = %68, %66
  %71 = phi i32 [ %56, %66 ], [ %69, %68 ]
  %72 = phi i32 [ %67, %66 ], [ %54, %68 ]
  %73 = add i32 %55, 1
  %74 = icmp ult i32 %72, %19
  %75 = icmp ult i32 %71, %21
  %76 = select i1 %74, i1 %75, i1 false
  br i1 %76, label %53, label %25, !llvm.loop !11

77:                                               ; preds = %47, %102, %25
  %78 = phi i32 [ %27, %25 ], [ %48, %47 ], [ %158, %102 ]
  %79 = icmp ult i32 %26, %21
  br i1 %79, label %80, label %222

80:                                               ; preds = %77
  %81 = sub i32 %21, %26
  %82 = and i32 %81, 7
  %83 = icmp eq i32 %82, 0
  br i1 %83, label %97, label %84

84:                                               ; preds = %80, %84
  %85 = phi i32 [ %92, %84 ], [ %78, %80 ]
  %86 = phi i32 [ %88, %84 ], [ %26, %80 ]
  %87 = phi i32 [ %95, %84 ], [ 0, %80 ]
  %88 = add nuw i32 %86, 1
  %89 = zext i32 %86 to i64
  %90 = getelementptr inbounds i32, ptr %0, i64 %89
  %91 = load i32, ptr %90, align 4, !tbaa !5
  %92 = add i32 %85, 1
  %93 = zext i32 %85 to i64
  %94 = getelementptr inbounds i32, ptr %1, i64 %93
  store i32 %91, ptr %94, align 4, !tbaa !5
  %95 = add i32 %87, 1
  %96 = icmp eq i32 %95, %82
  br i1 %96, label %97, label %84, !llvm.loop !13

97:                                               ; preds = %84, %80
  %98 = phi i32 [ %78, %80 ], [ %92, %84 ]
  %99 = phi i32 [ %26, %80 ], [ %88, %84 ]
  %100 = sub i32 %26, %21
  %101 = icmp ugt i32 %100, -8
  br i1 %101, label %222, label %162

102:                                              ; preds = %47, %102
  %103 = phi i32 [ %154, %102 ], [ %49, %47 ]
  %104 = phi i32 [ %158, %102 ], [ %50, %47 ]
  %105 = add nuw i32 %103, 1
  %106 = zext i32 %103 to i64
  %107 = getelementptr inbounds i32, ptr %0, i64 %106
  %108 = load i32, ptr %107, align 4, !tbaa !5
  %109 = add i32 %104, 1
  %110 = zext i32 %104 to i64
  %111 = getelementptr inbounds i32, ptr %1, i64 %110
  store i32 %108, ptr %111, align 4, !tbaa !5
  %112 = add nuw i32 %103, 2
  %113 = zext i32 %105 to i64
  %114 = getelementptr inbounds i32, ptr %0, i64 %113
  %115 = load i32, ptr %114, align 4, !tbaa !5
  %116 = add i32 %104, 2
  %117 = zext i32 %109 to i64
  %118 = getelementptr inbounds i32, ptr %1, i64 %117
  store i32 %115, ptr %118, align 4, !tbaa !5
  %119 = add nuw i32 %103, 3
  %120 = zext i32 %112 to i64
  %121 = getelementptr inbounds i32, ptr %0, i64 %120
  %122 = load i32, ptr %121, align 4, !tbaa !5
  %123 = add i32 %104, 3
  %124 = zext i32 %116 to i64
  %125 = getelementptr inbounds i32, ptr %1, i64 %124
  store i32 %122, ptr %125, align 4, !tbaa !5
  %126 = add nuw i32 %103, 4
  %127 = zext i32 %119 to i64
  %128 = getelementptr inbounds i32, ptr %0, i64 %127
  %129 = load i32, ptr %128, align 4, !tbaa !5
  %130 = add i32 %104, 4
  %131 = zext i32 %123 to i64
  %132 = getelementptr inbounds i32, ptr %1, i64 %131
  store i32 %129, ptr %132, align 4, !tbaa !5
  %133 = add nuw i32 %103, 5
  %134 = zext i32 %126 to i64
  %135 = getelementptr inbounds i32, ptr %0, i64 %134
  %136 = load i32, ptr %135, align 4, !tbaa !5
  %137 = add i32 %104, 5
  %138 = zext i32 %130 to i64
  %139 = getelementptr inbounds i32, ptr %1, i64 %138
  store i32 %136, ptr %139, align 4, !tbaa !5
  %140 = add nuw i32 %103, 6
  %141 = zext i32 %133 to i64
  %142 = getelementptr inbounds i32, ptr %0, i64 %141
  %143 = load i32, ptr %142, align 4, !tbaa !5
  %144 = add i32 %104, 6
  %145 = zext i32 %137 to i64
  %146 = getelementptr inbounds i32, ptr %1, i64 %145
  store i32 %143, ptr %146, align 4, !tbaa !5
  %147 = add nuw i32 %103, 7
  %148 = zext i32 %140 to i64
  %149 = getelementptr inbounds i32, ptr %0, i64 %148
  %150 = load i32, ptr %149, align 4, !tbaa !5
  %151 = add i32 %104, 7
  %152 = zext i32 %144 to i64
  %153 = getelementptr inbounds i32, ptr %1, i64 %152
  store i32 %150, ptr %153, align 4, !tbaa !5
  %154 = add nuw i32 %103, 8
  %155 = zext i32 %147 to i64
  %156 = getelementptr inbounds i32, ptr %0, i64 %155
  %157 = load i32, ptr %156, align 4, !tbaa !5
  %158 = add i32 %104, 8
  %159 = zext i32 %151 to i64
  %160 = getelementptr inbounds i32, ptr %1, i64 %159
  store i32 %157, ptr %160, align 4, !tbaa !5
  %161 = icmp eq i32 %154, %19
  br i1 %161, label %77, label %102, !llvm.loop !14

162:                                              ; preds = %97, %162
  %163 = phi i32 [ %218, %162 ], [ %98, %97 ]
  %164 = phi i32 [ %214, %162 ], [ %99, %97 ]
  %165 = add nuw i32 %164, 1
  %166 = zext i32 %164 to i64
  %167 = getelementptr inbounds i32, ptr %0, i64 %166
  %168 = load i32, ptr %167, align 4, !tbaa !5
  %169 = add i32 %163, 1
  %170 = zext i32 %163 to i64
  %171 = getelementptr inbounds i32, ptr %1, i64 %170
  store i32 %168, ptr %171, align 4, !tbaa !5
  %172 = add nuw i32 %164, 2
  %173 = zext i32 %165 to i64
  %174 = getelementptr inbounds i32, ptr %0, i64 %173
  %175 = load i32, ptr %174, align 4, !tbaa !5
  %176 = add i32 %163, 2
  %177 = zext i32 %169 to i64
  %178 = getelementptr inbounds i32, ptr %1, i64 %177
  store i32 %175, ptr %178, align 4, !tbaa !5
  %179 = add nuw i32 %164, 3
  %180 = zext i32 %172 to i64
  %181 = getelementptr inbounds i32, ptr %0, i64 %180
  %182 = load i32, ptr %181, align 4, !tbaa !5
  %183 = add i32 %163, 3
  %184 = zext i32 %176 to i64
  %185 = getelementptr inbounds i32, ptr %1, i64 %184
  store i32 %182, ptr %185, align 4, !tbaa !5
  %186 = add nuw i32 %164, 4
  %187 = zext i32 %179 to i64
  %188 = getelementptr inbounds i32, ptr %0, i64 %187
  %189 = load i32, ptr %188, align 4, !tbaa !5
  %190 = add i32 %163, 4
  %191 = zext i32 %183 to i64
  %192 = getelementptr inbounds i32, ptr %1, i64 %191
  store i32 %189, ptr %192, align 4, !tbaa !5
  %193 = add nuw i32 %164, 5
  %194 = zext i32 %186 to i64
  %195 = getelementptr inbounds i32, ptr %0, i64 %194
  %196 = load i32, ptr %195, align 4, !tbaa !5
  %197 = add i32 %163, 5
  %198 = zext i32 %190 to i64
  %199 = getelementptr inbounds i32, ptr %1, i64 %198
  store i32 %196, ptr %199, align 4, !tbaa !5
  %200 = add nuw i32 %164, 6
  %201 = zext i32 %193 to i64
  %202 = getelementptr inbounds i32, ptr %0, i64 %201
  %203 = load i32, ptr %202, align 4, !tbaa !5
  %204 = add i32 %163, 6
  %205 = zext i32 %197 to i64
  %206 = getelementptr inbounds i32, ptr %1, i64 %205
  store i32 %203, ptr %206, align 4, !tbaa !5
  %207 = add nuw i32 %164, 7
  %208 = zext i32 %200 to i64
  %209 = getelementptr inbounds i32, ptr %0, i64 %208
  %210 = load i32, ptr %209, align 4, !tbaa !5
  %211 = add i32 %163, 7
  %212 = zext i32 %204 to i64
  %213 = getelementptr inbounds i32, ptr %1, i64 %212
  store i32 %210, ptr %213, align 4, !tbaa !5
  %214 = add nuw i32 %164, 8
  %215 = zext i32 %207 to i64
  %216 = getelementptr inbounds i32, ptr %0, i64 %215
  %217 = load i32, ptr %216, align 4, !tbaa !5
  %218 = add i32 %163, 8
  %219 = zext i32 %211 to i64
  %220 = getelementptr inbounds i32, ptr %1, i64 %219
  store i32 %217, ptr %220, align 4, !tbaa !5
  %221 = icmp eq i32 %214, %21
  br i1 %221, label %222, label %162, !llvm.loop !15

222:                                              ; preds = %97, %162, %77, %4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umin.i32(i32, i32) #2

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @merge_step, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.unroll.disable"}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = distinct !{!13, !10}
!14 = distinct !{!14, !12}
!15 = distinct !{!15, !12}
