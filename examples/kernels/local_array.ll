; ModuleID = 'local_array.cu'
source_filename = "local_array.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @local_array(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef writeonly %2, ptr nocapture noundef writeonly %3) local_unnamed_addr #0 {
  %5 = alloca [16 x float], align 4
  %6 = alloca [8 x i32], align 4
  %7 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %9 = mul i32 %7, %8
  %10 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = add i32 %9, %10
  call void @llvm.lifetime.start.p0(i64 64, ptr nonnull %5) #4
  %12 = shl i32 %11, 4
  %13 = zext i32 %12 to i64
  %14 = getelementptr inbounds float, ptr %0, i64 %13
  %15 = load float, ptr %14, align 4, !tbaa !5
  store float %15, ptr %5, align 4, !tbaa !5
  %16 = or disjoint i32 %12, 1
  %17 = zext i32 %16 to i64
  %18 = getelementptr inbounds float, ptr %0, i64 %17
  %19 = load float, ptr %18, align 4, !tbaa !5
  %20 = fmul contract float %19, 2.000000e+00
  %21 = getelementptr inbounds i8, ptr %5, i64 4
  store float %20, ptr %21, align 4, !tbaa !5
  %22 = or disjoint i32 %12, 2
  %23 = zext i32 %22 to i64
  %24 = getelementptr inbounds float, ptr %0, i64 %23
  %25 = load float, ptr %24, align 4, !tbaa !5
  %26 = fmul contract float %25, 3.000000e+00
  %27 = getelementptr inbounds i8, ptr %5, i64 8
  store float %26, ptr %27, align 4, !tbaa !5
  %28 = or disjoint i32 %12, 3
  %29 = zext i32 %28 to i64
  %30 = getelementptr inbounds float, ptr %0, i64 %29
  %31 = load float, ptr %30, align 4, !tbaa !5
  %32 = fmul contract float %31, 4.000000e+00
  %33 = getelementptr inbounds i8, ptr %5, i64 12
  store float %32, ptr %33, align 4, !tbaa !5
  %34 = or disjoint i32 %12, 4
  %35 = zext i32 %34 to i64
  %36 = getelementptr inbounds float, ptr %0, i64 %35
  %37 = load float, ptr %36, align 4, !tbaa !5
  %38 = fmul contract float %37, 5.000000e+00
  %39 = getelementptr inbounds i8, ptr %5, i64 16
  store float %38, ptr %39, align 4, !tbaa !5
  %40 = or disjoint i32 %12, 5
  %41 = zext i32 %40 to i64
  %42 = getelementptr inbounds float, ptr %0, i64 %41
  %43 = load float, ptr %42, align 4, !tbaa !5
  %44 = fmul contract float %43, 6.000000e+00
  %45 = getelementptr inbounds i8, ptr %5, i64 20
  store float %44, ptr %45, align 4, !tbaa !5
  %46 = or disjoint i32 %12, 6
  %47 = zext i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !5
  %50 = fmul contract float %49, 7.000000e+00
  %51 = getelementptr inbounds i8, ptr %5, i64 24
  store float %50, ptr %51, align 4, !tbaa !5
  %52 = or disjoint i32 %12, 7
  %53 = zext i32 %52 to i64
  %54 = getelementptr inbounds float, ptr %0, i64 %53
  %55 = load float, ptr %54, align 4, !tbaa !5
  %56 = fmul contract float %55, 8.000000e+00
  %57 = getelementptr inbounds i8, ptr %5, i64 28
  store float %56, ptr %57, align 4, !tbaa !5
  %58 = or disjoint i32 %12, 8
  %59 = zext i32 %58 to i64
  %60 = getelementptr inbounds float, ptr %0, i64 %59
  %61 = load float, ptr %60, align 4, !tbaa !5
  %62 = fmul contract float %61, 9.000000e+00
  %63 = getelementptr inbounds i8, ptr %5, i64 32
  store float %62, ptr %63, align 4, !tbaa !5
  %64 = or disjoint i32 %12, 9
  %65 = zext i32 %64 to i64
  %66 = getelementptr inbounds float, ptr %0, i64 %65
  %67 = load float, ptr %66, align 4, !tbaa !5
  %68 = fmul contract float %67, 1.000000e+01
  %69 = getelementptr inbounds i8, ptr %5, i64 36
  store float %68, ptr %69, align 4, !tbaa !5
  %70 = or disjoint i32 %12, 10
  %71 = zext i32 %70 to i64
  %72 = getelementptr inbounds float, ptr %0, i64 %71
  %73 = load float, ptr %72, align 4, !tbaa !5
  %74 = fmul contract float %73, 1.100000e+01
  %75 = getelementptr inbounds i8, ptr %5, i64 40
  store float %74, ptr %75, align 4, !tbaa !5
  %76 = or disjoint i32 %12, 11
  %77 = zext i32 %76 to i64
  %78 = getelementptr inbounds float, ptr %0, i64 %77
  %79 = load float, ptr %78, align 4, !tbaa !5
  %80 = fmul contract float %79, 1.200000e+01
  %81 = getelementptr inbounds i8, ptr %5, i64 44
  store float %80, ptr %81, align 4, !tbaa !5
  %82 = or disjoint i32 %12, 12
  %83 = zext i32 %82 to i64
  %84 = getelementptr inbounds float, ptr %0, i64 %83
  %85 = load float, ptr %84, align 4, !tbaa !5
  %86 = fmul contract float %85, 1.300000e+01
  %87 = getelementptr inbounds i8, ptr %5, i64 48
  store float %86, ptr %87, align 4, !tbaa !5
  %88 = or disjoint i32 %12, 13
  %89 = zext i32 %88 to i64
  %90 = getelementptr inbounds float, ptr %0, i64 %89
  %91 = load float, ptr %90, align 4, !tbaa !5
  %92 = fmul contract float %91, 1.400000e+01
  %93 = getelementptr inbounds i8, ptr %5, i64 52
  store float %92, ptr %93, align 4, !tbaa !5
  %94 = or disjoint i32 %12, 14
  %95 = zext i32 %94 to i64
  %96 = getelementptr inbounds float, ptr %0, i64 %95
  %97 = load float, ptr %96, align 4, !tbaa !5
  %98 = fmul contract float %97, 1.500000e+01
  %99 = getelementptr inbounds i8, ptr %5, i64 56
  store float %98, ptr %99, align 4, !tbaa !5
  %100 = or disjoint i32 %12, 15
  %101 = zext i32 %100 to i64
  %102 = getelementptr inbounds float, ptr %0, i64 %101
  %103 = load float, ptr %102, align 4, !tbaa !5
  %104 = fmul contract float %103, 1.600000e+01
  %105 = getelementptr inbounds i8, ptr %5, i64 60
  store float %104, ptr %105, align 4, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 32, ptr nonnull %6) #4
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 4 dereferenceable(32) %6, i8 0, i64 32, i1 false)
  %106 = getelementptr inbounds i32, ptr %1, i64 %13
  %107 = load i32, ptr %106, align 4, !tbaa !9
  %108 = and i32 %107, 7
  %109 = zext nneg i32 %108 to i64
  %110 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %109
  %111 = load i32, ptr %110, align 4, !tbaa !9
  %112 = add nsw i32 %111, 1
  store i32 %112, ptr %110, align 4, !tbaa !9
  %113 = getelementptr inbounds i32, ptr %1, i64 %17
  %114 = load i32, ptr %113, align 4, !tbaa !9
  %115 = and i32 %114, 7
  %116 = zext nneg i32 %115 to i64
  %117 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %116
  %118 = load i32, ptr %117, align 4, !tbaa !9
  %119 = add nsw i32 %118, 1
  store i32 %119, ptr %117, align 4, !tbaa !9
  %120 = getelementptr inbounds i32, ptr %1, i64 %23
  %121 = load i32, ptr %120, align 4, !tbaa !9
  %122 = and i32 %121, 7
  %123 = zext nneg i32 %122 to i64
  %124 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %123
  %125 = load i32, ptr %124, align 4, !tbaa !9
  %126 = add nsw i32 %125, 1
  store i32 %126, ptr %124, align 4, !tbaa !9
  %127 = getelementptr inbounds i32, ptr %1, i64 %29
  %128 = load i32, ptr %127, align 4, !tbaa !9
  %129 = and i32 %128, 7
  %130 = zext nneg i32 %129 to i64
  %131 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %130
  %132 = load i32, ptr %131, align 4, !tbaa !9
  %133 = add nsw i32 %132, 1
  store i32 %133, ptr %131, align 4, !tbaa !9
  %134 = getelementptr inbounds i32, ptr %1, i64 %35
  %135 = load i32, ptr %134, align 4, !tbaa !9
  %136 = and i32 %135, 7
  %137 = zext nneg i32 %136 to i64
  %138 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %137
  %139 = load i32, ptr %138, align 4, !tbaa !9
  %140 = add nsw i32 %139, 1
  store i32 %140, ptr %138, align 4, !tbaa !9
  %141 = getelementptr inbounds i32, ptr %1, i64 %41
  %142 = load i32, ptr %141, align 4, !tbaa !9
  %143 = and i32 %142, 7
  %144 = zext nneg i32 %143 to i64
  %145 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %144
  %146 = load i32, ptr %145, align 4, !tbaa !9
  %147 = add nsw i32 %146, 1
  store i32 %147, ptr %145, align 4, !tbaa !9
  %148 = getelementptr inbounds i32, ptr %1, i64 %47
  %149 = load i32, ptr %148, align 4, !tbaa !9
  %150 = and i32 %149, 7
  %151 = zext nneg i32 %150 to i64
  %152 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %151
  %153 = load i32, ptr %152, align 4, !tbaa !9
  %154 = add nsw i32 %153, 1
  store i32 %154, ptr %152, align 4, !tbaa !9
  %155 = getelementptr inbounds i32, ptr %1, i64 %53
  %156 = load i32, ptr %155, align 4, !tbaa !9
  %157 = and i32 %156, 7
  %158 = zext nneg i32 %157 to i64
  %159 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %158
  %160 = load i32, ptr %159, align 4, !tbaa !9
  %161 = add nsw i32 %160, 1
  store i32 %161, ptr %159, align 4, !tbaa !9
  %162 = getelementptr inbounds i32, ptr %1, i64 %59
  %163 = load i32, ptr %162, align 4, !tbaa !9
  %164 = and i32 %163, 7
  %165 = zext nneg i32 %164 to i64
  %166 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %165
  %167 = load i32, ptr %166, align 4, !tbaa !9
  %168 = add nsw i32 %167, 1
  store i32 %168, ptr %166, align 4, !tbaa !9
  %169 = getelementptr inbounds i32, ptr %1, i64 %65
  %170 = load i32, ptr %169, align 4, !tbaa !9
  %171 = and i32 %170, 7
  %172 = zext nneg i32 %171 to i64
  %173 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %172
  %174 = load i32, ptr %173, align 4, !tbaa !9
  %175 = add nsw i32 %174, 1
  store i32 %175, ptr %173, align 4, !tbaa !9
  %176 = getelementptr inbounds i32, ptr %1, i64 %71
  %177 = load i32, ptr %176, align 4, !tbaa !9
  %178 = and i32 %177, 7
  %179 = zext nneg i32 %178 to i64
  %180 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %179
  %181 = load i32, ptr %180, align 4, !tbaa !9
  %182 = add nsw i32 %181, 1
  store i32 %182, ptr %180, align 4, !tbaa !9
  %183 = getelementptr inbounds i32, ptr %1, i64 %77
  %184 = load i32, ptr %183, align 4, !tbaa !9
  %185 = and i32 %184, 7
  %186 = zext nneg i32 %185 to i64
  %187 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %186
  %188 = load i32, ptr %187, align 4, !tbaa !9
  %189 = add nsw i32 %188, 1
  store i32 %189, ptr %187, align 4, !tbaa !9
  %190 = getelementptr inbounds i32, ptr %1, i64 %83
  %191 = load i32, ptr %190, align 4, !tbaa !9
  %192 = and i32 %191, 7
  %193 = zext nneg i32 %192 to i64
  %194 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %193
  %195 = load i32, ptr %194, align 4, !tbaa !9
  %196 = add nsw i32 %195, 1
  store i32 %196, ptr %194, align 4, !tbaa !9
  %197 = getelementptr inbounds i32, ptr %1, i64 %89
  %198 = load i32, ptr %197, align 4, !tbaa !9
  %199 = and i32 %198, 7
  %200 = zext nneg i32 %199 to i64
  %201 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %200
  %202 = load i32, ptr %201, align 4, !tbaa !9
  %203 = add nsw i32 %202, 1
  store i32 %203, ptr %201, align 4, !tbaa !9
  %204 = getelementptr inbounds i32, ptr %1, i64 %95
  %205 = load i32, ptr %204, align 4, !tbaa !9
  %206 = and i32 %205, 7
  %207 = zext nneg i32 %206 to i64
  %208 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %207
  %209 = load i32, ptr %208, align 4, !tbaa !9
  %210 = add nsw i32 %209, 1
  store i32 %210, ptr %208, align 4, !tbaa !9
  %211 = getelementptr inbounds i32, ptr %1, i64 %101
  %212 = load i32, ptr %211, align 4, !tbaa !9
  %213 = and i32 %212, 7
  %214 = zext nneg i32 %213 to i64
  %215 = getelementptr inbounds [8 x i32], ptr %6, i64 0, i64 %214
  %216 = load i32, ptr %215, align 4, !tbaa !9
  %217 = add nsw i32 %216, 1
  store i32 %217, ptr %215, align 4, !tbaa !9
  %218 = load i32, ptr %106, align 4, !tbaa !9
  %219 = and i32 %218, 15
  %220 = zext nneg i32 %219 to i64
  %221 = getelementptr inbounds [16 x float], ptr %5, i64 0, i64 %220
  %222 = load float, ptr %221, align 4, !tbaa !5
  %223 = add i32 %218, 5
  %224 = and i32 %223, 15
  %225 = zext nneg i32 %224 to i64
  %226 = getelementptr inbounds [16 x float], ptr %5, i64 0, i64 %225
  %227 = load float, ptr %226, align 4, !tbaa !5
  %228 = fadd contract float %222, %227
  %229 = zext i32 %11 to i64
  %230 = getelementptr inbounds float, ptr %2, i64 %229
  store float %228, ptr %230, align 4, !tbaa !5
  %231 = shl i32 %11, 3
  %232 = load i32, ptr %6, align 4, !tbaa !9
  %233 = zext i32 %231 to i64
  %234 = getelementptr inbounds i32, ptr %3, i64 %233
  store i32 %232, ptr %234, align 4, !tbaa !9
  %235 = getelementptr inbounds i8, ptr %6, i64 4
  %236 = load i32, ptr %235, align 4, !tbaa !9
  %237 = or disjoint i32 %231, 1
  %238 = zext i32 %237 to i64
  %239 = getelementptr inbounds i32, ptr %3, i64 %238
  store i32 %236, ptr %239, align 4, !tbaa !9
  %240 = getelementptr inbounds i8, ptr %6, i64 8
  %241 = load i32, ptr %240, align 4, !tbaa !9
  %242 = or disjoint i32 %231, 2
  %243 = zext i32 %242 to i64
  %244 = getelementptr inbounds i32, ptr %3, i64 %243
  store i32 %241, ptr %244, align 4, !tbaa !9
  %245 = getelementptr inbounds i8, ptr %6, i64 12
  %246 = load i32, ptr %245, align 4, !tbaa !9
  %247 = or disjoint i32 %231, 3
  %248 = zext i32 %247 to i64
  %249 = getelementptr inbounds i32, ptr %3, i64 %248
  store i32 %246, ptr %249, align 4, !tbaa !9
  %250 = getelementptr inbounds i8, ptr %6, i64 16
  %251 = load i32, ptr %250, align 4, !tbaa !9
  %252 = or disjoint i32 %231, 4
  %253 = zext i32 %252 to i64
  %254 = getelementptr inbounds i32, ptr %3, i64 %253
  store i32 %251, ptr %254, align 4, !tbaa !9
  %255 = getelementptr inbounds i8, ptr %6, i64 20
  %256 = load i32, ptr %255, align 4, !tbaa !9
  %257 = or disjoint i32 %231, 5
  %258 = zext i32 %257 to i64
  %259 = getelementptr inbounds i32, ptr %3, i64 %258
  store i32 %256, ptr %259, align 4, !tbaa !9
  %260 = getelementptr inbounds i8, ptr %6, i64 24
  %261 = load i32, ptr %260, align 4, !tbaa !9
  %262 = or disjoint i32 %231, 6
  %263 = zext i32 %262 to i64
  %264 = getelementptr inbounds i32, ptr %3, i64 %263
  store i32 %261, ptr %264, align 4, !tbaa !9
  %265 = getelementptr inbounds i8, ptr %6, i64 28
  %266 = load i32, ptr %265, align 4, !tbaa !9
  %267 = or disjoint i32 %231, 7
  %268 = zext i32 %267 to i64
  %269 = getelementptr inbounds i32, ptr %3, i64 %268
  store i32 %266, ptr %269, align 4, !tbaa !9
  call void @llvm.lifetime.end.p0(i64 32, ptr nonnull %6) #4
  call void @llvm.lifetime.end.p0(i64 64, ptr nonnull %5) #4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @local_array, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !7, i64 0}
