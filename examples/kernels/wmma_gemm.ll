; ModuleID = 'wmma_gemm.cu'
source_filename = "wmma_gemm.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ9wmma_gemmE2as = internal addrspace(3) global [256 x half] undef, align 32
@_ZZ9wmma_gemmE2bs = internal addrspace(3) global [256 x half] undef, align 32

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @wmma_gemm(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef readonly %2, ptr nocapture noundef writeonly %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 {
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %9 = shl nuw nsw i32 %8, 4
  %10 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %11 = shl i32 %10, 4
  %12 = mul nsw i32 %9, %4
  %13 = sext i32 %12 to i64
  %14 = getelementptr inbounds float, ptr %2, i64 %13
  %15 = sext i32 %11 to i64
  %16 = getelementptr inbounds float, ptr %14, i64 %15
  %17 = tail call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p0(ptr %16, i32 %4)
  %18 = extractvalue { float, float, float, float, float, float, float, float } %17, 7
  %19 = extractvalue { float, float, float, float, float, float, float, float } %17, 6
  %20 = extractvalue { float, float, float, float, float, float, float, float } %17, 5
  %21 = extractvalue { float, float, float, float, float, float, float, float } %17, 4
  %22 = extractvalue { float, float, float, float, float, float, float, float } %17, 3
  %23 = extractvalue { float, float, float, float, float, float, float, float } %17, 2
  %24 = extractvalue { float, float, float, float, float, float, float, float } %17, 1
  %25 = extractvalue { float, float, float, float, float, float, float, float } %17, 0
  %26 = icmp sgt i32 %5, 0
  br i1 %26, label %27, label %44

27:                                               ; preds = %6
  %28 = icmp ult i32 %7, 256
  %29 = and i32 %7, 15
  %30 = or disjoint i32 %29, %11
  %31 = shl nuw nsw i32 %29, 4
  br label %32

32:                                               ; preds = %27, %55
  %33 = phi float [ %25, %27 ], [ %83, %55 ]
  %34 = phi float [ %24, %27 ], [ %82, %55 ]
  %35 = phi float [ %23, %27 ], [ %81, %55 ]
  %36 = phi float [ %22, %27 ], [ %80, %55 ]
  %37 = phi float [ %21, %27 ], [ %79, %55 ]
  %38 = phi float [ %20, %27 ], [ %78, %55 ]
  %39 = phi float [ %19, %27 ], [ %77, %55 ]
  %40 = phi float [ %18, %27 ], [ %76, %55 ]
  %41 = phi i32 [ 0, %27 ], [ %75, %55 ]
  br i1 %28, label %42, label %55

42:                                               ; preds = %32
  %43 = or disjoint i32 %29, %41
  br label %85

44:                                               ; preds = %55, %6
  %45 = phi float [ %18, %6 ], [ %76, %55 ]
  %46 = phi float [ %19, %6 ], [ %77, %55 ]
  %47 = phi float [ %20, %6 ], [ %78, %55 ]
  %48 = phi float [ %21, %6 ], [ %79, %55 ]
  %49 = phi float [ %22, %6 ], [ %80, %55 ]
  %50 = phi float [ %23, %6 ], [ %81, %55 ]
  %51 = phi float [ %24, %6 ], [ %82, %55 ]
  %52 = phi float [ %25, %6 ], [ %83, %55 ]
  %53 = getelementptr inbounds float, ptr %3, i64 %13
  %54 = getelementptr inbounds float, ptr %53, i64 %15
  tail call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %54, float %52, float %51, float %50, float %49, float %48, float %47, float %46, float %45, i32 %4)
  ret void

55:                                               ; preds = %85, %32
  tail call void @llvm.nvvm.barrier0()
  %56 = tail call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr addrspacecast (ptr addrspace(3) @_ZZ9wmma_gemmE2as to ptr), i32 16)
  %57 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %56, 0
  %58 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %56, 1
  %59 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %56, 2
  %60 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %56, 3
  %61 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %56, 4
  %62 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %56, 5
  %63 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %56, 6
  %64 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %56, 7
  %65 = tail call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p0(ptr addrspacecast (ptr addrspace(3) @_ZZ9wmma_gemmE2bs to ptr), i32 16)
  %66 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %65, 0
  %67 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %65, 1
  %68 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %65, 2
  %69 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %65, 3
  %70 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %65, 4
  %71 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %65, 5
  %72 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %65, 6
  %73 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %65, 7
  %74 = tail call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half> %57, <2 x half> %58, <2 x half> %59, <2 x half> %60, <2 x half> %61, <2 x half> %62, <2 x half> %63, <2 x half> %64, <2 x half> %66, <2 x half> %67, <2 x half> %68, <2 x half> %69, <2 x half> %70, <2 x half> %71, <2 x half> %72, <2 x half> %73, float %33, float %34, float %35, float %36, float %37, float %38, float %39, float %40)
  tail call void @llvm.nvvm.barrier0()
  %75 = add nuw nsw i32 %41, 16
  %76 = extractvalue { float, float, float, float, float, float, float, float } %74, 7
  %77 = extractvalue { float, float, float, float, float, float, float, float } %74, 6
  %78 = extractvalue { float, float, float, float, float, float, float, float } %74, 5
  %79 = extractvalue { float, float, float, float, float, float, float, float } %74, 4
  %80 = extractvalue { float, float, float, float, float, float, float, float } %74, 3
  %81 = extractvalue { float, float, float, float, float, float, float, float } %74, 2
  %82 = extractvalue { float, float, float, float, float, float, float, float } %74, 1
  %83 = extractvalue { float, float, float, float, float, float, float, float } %74, 0
  %84 = icmp slt i32 %75, %5
  br i1 %84, label %32, label %44, !llvm.loop !5

85:                                               ; preds = %42, %85
  %86 = phi i32 [ %107, %85 ], [ %7, %42 ]
  %87 = lshr i32 %86, 4
  %88 = add nuw nsw i32 %87, %9
  %89 = mul nuw nsw i32 %88, %5
  %90 = add nuw i32 %43, %89
  %91 = sext i32 %90 to i64
  %92 = getelementptr inbounds i32, ptr %0, i64 %91
  %93 = load i32, ptr %92, align 4, !tbaa !7
  %94 = sitofp i32 %93 to half
  %95 = zext nneg i32 %86 to i64
  %96 = getelementptr inbounds [256 x half], ptr addrspacecast (ptr addrspace(3) @_ZZ9wmma_gemmE2as to ptr), i64 0, i64 %95
  store half %94, ptr %96, align 2, !tbaa !11
  %97 = add nuw nsw i32 %87, %41
  %98 = mul nsw i32 %97, %4
  %99 = add i32 %30, %98
  %100 = sext i32 %99 to i64
  %101 = getelementptr inbounds i32, ptr %1, i64 %100
  %102 = load i32, ptr %101, align 4, !tbaa !7
  %103 = sitofp i32 %102 to half
  %104 = add nuw nsw i32 %31, %87
  %105 = zext nneg i32 %104 to i64
  %106 = getelementptr inbounds [256 x half], ptr addrspacecast (ptr addrspace(3) @_ZZ9wmma_gemmE2bs to ptr), i64 0, i64 %105
  store half %103, ptr %106, align 2, !tbaa !11
  %107 = add nuw nsw i32 %86, 32
  %108 = icmp ult i32 %86, 224
  br i1 %108, label %85, label %55, !llvm.loop !13
}

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p0(ptr nocapture readonly, i32) #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr nocapture readonly, i32) #1

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p0(ptr nocapture readonly, i32) #1

; Function Attrs: nocallback nofree nosync nounwind memory(none)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float) #3

; Function Attrs: nocallback nounwind memory(argmem: write)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr nocapture writeonly, float, float, float, float, float, float, float, float, i32) #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nounwind memory(argmem: read) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { nocallback nofree nosync nounwind memory(none) }
attributes #4 = { nocallback nounwind memory(argmem: write) }
attributes #5 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @wmma_gemm, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = !{!8, !8, i64 0}
!8 = !{!"int", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C++ TBAA"}
!11 = !{!12, !12, i64 0}
!12 = !{!"_Float16", !9, i64 0}
!13 = distinct !{!13, !6}
