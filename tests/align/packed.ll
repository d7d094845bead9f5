; ModuleID = 'packed.cu'
source_filename = "packed.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type <{ i8, i32, i64, float, double, i16 }>
%struct.Q = type <{ i8, i32 }>
%struct.W = type <{ i32, i64 }>

@_ZZ9packed_rwE2sh = internal unnamed_addr addrspace(3) global [64 x %struct.P] undef, align 1

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: read)
define dso_local %struct.Q @_Z3mix1Qi(ptr nocapture noundef readonly byval(%struct.Q) align 1 %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = load i8, ptr %0, align 1, !tbaa !6
  %4 = trunc i32 %1 to i8
  %5 = xor i8 %3, %4
  %6 = getelementptr inbounds i8, ptr %0, i64 1
  %7 = load i32, ptr %6, align 1, !tbaa !11
  %8 = mul nsw i32 %7, 5
  %9 = sub nsw i32 %8, %1
  %10 = insertvalue %struct.Q poison, i8 %5, 0
  %11 = insertvalue %struct.Q %10, i32 %9, 1
  ret %struct.Q %11
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @packed_rw(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #1 {
  %4 = alloca [4 x %struct.P], align 1
  call void @llvm.lifetime.start.p0(i64 108, ptr nonnull %4) #7
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = icmp slt i32 %9, %2
  br i1 %10, label %11, label %16

11:                                               ; preds = %3
  %12 = zext nneg i32 %8 to i64
  %13 = getelementptr inbounds [64 x %struct.P], ptr addrspacecast (ptr addrspace(3) @_ZZ9packed_rwE2sh to ptr), i64 0, i64 %12
  %14 = sext i32 %9 to i64
  %15 = getelementptr inbounds %struct.P, ptr %0, i64 %14
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 1 dereferenceable(27) %13, ptr noundef nonnull align 1 dereferenceable(27) %15, i64 27, i1 false), !tbaa.struct !12
  br label %16

16:                                               ; preds = %11, %3
  tail call void @llvm.nvvm.barrier0()
  br i1 %10, label %17, label %62

17:                                               ; preds = %16
  %18 = zext nneg i32 %8 to i64
  %19 = getelementptr inbounds [64 x %struct.P], ptr addrspacecast (ptr addrspace(3) @_ZZ9packed_rwE2sh to ptr), i64 0, i64 %18
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 1 dereferenceable(27) %4, ptr noundef nonnull align 1 dereferenceable(27) %19, i64 27, i1 false), !tbaa.struct !12
  %20 = xor i32 %8, 1
  %21 = zext nneg i32 %20 to i64
  %22 = getelementptr inbounds [64 x %struct.P], ptr addrspacecast (ptr addrspace(3) @_ZZ9packed_rwE2sh to ptr), i64 0, i64 %21
  %23 = getelementptr inbounds i8, ptr %4, i64 27
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 1 dereferenceable(27) %23, ptr noundef nonnull align 1 dereferenceable(27) %22, i64 27, i1 false), !tbaa.struct !12
  %24 = xor i32 %8, 2
  %25 = zext nneg i32 %24 to i64
  %26 = getelementptr inbounds [64 x %struct.P], ptr addrspacecast (ptr addrspace(3) @_ZZ9packed_rwE2sh to ptr), i64 0, i64 %25
  %27 = getelementptr inbounds i8, ptr %4, i64 54
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 1 dereferenceable(27) %27, ptr noundef nonnull align 1 dereferenceable(27) %26, i64 27, i1 false), !tbaa.struct !12
  %28 = xor i32 %8, 3
  %29 = zext nneg i32 %28 to i64
  %30 = getelementptr inbounds [64 x %struct.P], ptr addrspacecast (ptr addrspace(3) @_ZZ9packed_rwE2sh to ptr), i64 0, i64 %29
  %31 = getelementptr inbounds i8, ptr %4, i64 81
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 1 dereferenceable(27) %31, ptr noundef nonnull align 1 dereferenceable(27) %30, i64 27, i1 false), !tbaa.struct !12
  %32 = and i32 %9, 3
  %33 = zext nneg i32 %32 to i64
  %34 = getelementptr inbounds [4 x %struct.P], ptr %4, i64 0, i64 %33
  %35 = load i8, ptr %34, align 1, !tbaa !13
  %36 = getelementptr inbounds i8, ptr %34, i64 1
  %37 = load i32, ptr %36, align 1, !tbaa !14
  %38 = getelementptr inbounds i8, ptr %34, i64 5
  %39 = load i64, ptr %38, align 1, !tbaa !15
  %40 = getelementptr inbounds i8, ptr %34, i64 13
  %41 = load float, ptr %40, align 1, !tbaa !17
  %42 = getelementptr inbounds i8, ptr %34, i64 17
  %43 = load double, ptr %42, align 1, !tbaa !19
  %44 = getelementptr inbounds i8, ptr %34, i64 25
  %45 = load i16, ptr %44, align 1, !tbaa !21
  %46 = add i8 %35, 1
  %47 = mul nsw i32 %37, 3
  %48 = add nsw i32 %47, %9
  %49 = sext i32 %9 to i64
  %50 = shl i64 %49, 33
  %51 = xor i64 %39, %50
  %52 = fmul contract float %41, 2.000000e+00
  %53 = sitofp i32 %9 to double
  %54 = fadd contract double %43, %53
  %55 = add i16 %45, -7
  %56 = getelementptr inbounds %struct.P, ptr %1, i64 %49
  store i8 %46, ptr %56, align 1, !tbaa !13
  %57 = getelementptr inbounds i8, ptr %56, i64 1
  store i32 %48, ptr %57, align 1, !tbaa !14
  %58 = getelementptr inbounds i8, ptr %56, i64 5
  store i64 %51, ptr %58, align 1, !tbaa !15
  %59 = getelementptr inbounds i8, ptr %56, i64 13
  store float %52, ptr %59, align 1, !tbaa !17
  %60 = getelementptr inbounds i8, ptr %56, i64 17
  store double %54, ptr %60, align 1, !tbaa !19
  %61 = getelementptr inbounds i8, ptr %56, i64 25
  store i16 %55, ptr %61, align 1, !tbaa !21
  br label %62

62:                                               ; preds = %16, %17
  call void @llvm.lifetime.end.p0(i64 108, ptr nonnull %4) #7
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #3

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @packed_param(ptr nocapture noundef readonly byval(%struct.W) align 4 %0, ptr nocapture noundef readonly byval(%struct.Q) align 1 %1, ptr nocapture noundef writeonly %2, ptr nocapture noundef writeonly %3) local_unnamed_addr #5 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = load i32, ptr %0, align 4, !tbaa !23
  %11 = sext i32 %10 to i64
  %12 = getelementptr inbounds i8, ptr %0, i64 4
  %13 = load i64, ptr %12, align 4, !tbaa !25
  %14 = sext i32 %9 to i64
  %15 = add nsw i64 %11, %14
  %16 = add i64 %15, %13
  %17 = getelementptr inbounds i64, ptr %2, i64 %14
  store i64 %16, ptr %17, align 8, !tbaa !15
  %18 = tail call %struct.Q @_Z3mix1Qi(ptr noundef nonnull byval(%struct.Q) align 1 %1, i32 noundef %9) #7
  %19 = extractvalue %struct.Q %18, 0
  %20 = extractvalue %struct.Q %18, 1
  %21 = sext i8 %19 to i32
  %22 = add nsw i32 %20, %21
  %23 = getelementptr inbounds i32, ptr %3, i64 %14
  store i32 %22, ptr %23, align 4, !tbaa !14
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #6

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: read) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+sm_70" }
attributes #1 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+sm_70" "uniform-work-group-size"="true" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { convergent nocallback nounwind }
attributes #5 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+sm_70" "uniform-work-group-size"="true" }
attributes #6 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { nounwind }

!nvvm.annotations = !{!0, !1}
!llvm.module.flags = !{!2, !3, !4}
!llvm.ident = !{!5}

!0 = !{ptr @packed_rw, !"kernel", i32 1}
!1 = !{ptr @packed_param, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!7, !8, i64 0}
!7 = !{!"_ZTS1Q", !8, i64 0, !10, i64 1}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{!"int", !8, i64 0}
!11 = !{!7, !10, i64 1}
!12 = !{i64 0, i64 1, !13, i64 1, i64 4, !14, i64 5, i64 8, !15, i64 13, i64 4, !17, i64 17, i64 8, !19, i64 25, i64 2, !21}
!13 = !{!8, !8, i64 0}
!14 = !{!10, !10, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"long long", !8, i64 0}
!17 = !{!18, !18, i64 0}
!18 = !{!"float", !8, i64 0}
!19 = !{!20, !20, i64 0}
!20 = !{!"double", !8, i64 0}
!21 = !{!22, !22, i64 0}
!22 = !{!"short", !8, i64 0}
!23 = !{!24, !10, i64 0}
!24 = !{!"_ZTS1W", !10, i64 0, !16, i64 4}
!25 = !{!24, !16, i64 4}
