; libdevice's __nv_nan: DARM once produced a branch to a deleted block here (the `else` head of a `c1 && c2`
; test had a second entry; melding deleted it and the round verifier rolled the round back). Now the inner
; branches meld (the shared head is kept for its other predecessor) and no round is rolled back.
; RUN: opt %s --passes darm --verify-each --knob darm-report=1

define double @__nv_nan(ptr %tagp) {
  %1 = icmp ne ptr %tagp, null
  br i1 %1, label %2, label %101

2:                                                ; preds = %0
  %3 = load i8, ptr %tagp, align 1
  %4 = sext i8 %3 to i32
  %5 = icmp eq i32 %4, 48
  br i1 %5, label %6, label %101

6:                                                ; preds = %2
  %7 = getelementptr inbounds i8, ptr %tagp, i32 1
  %8 = load i8, ptr %7, align 1
  %9 = sext i8 %8 to i32
  %10 = icmp eq i32 %9, 120
  br i1 %10, label %15, label %11

11:                                               ; preds = %6
  %12 = load i8, ptr %7, align 1
  %13 = sext i8 %12 to i32
  %14 = icmp eq i32 %13, 88
  br i1 %14, label %15, label %71

15:                                               ; preds = %11, %6
  %16 = getelementptr inbounds i8, ptr %7, i32 1
  br label %17

17:                                               ; preds = %21, %15
  %.0 = phi ptr [ %16, %15 ], [ %22, %21 ]
  %18 = load i8, ptr %.0, align 1
  %19 = sext i8 %18 to i32
  %20 = icmp eq i32 %19, 48
  br i1 %20, label %21, label %23

21:                                               ; preds = %17
  %22 = getelementptr inbounds i8, ptr %.0, i32 1
  br label %17

23:                                               ; preds = %17
  br label %24

24:                                               ; preds = %68, %23
  %i.i.0 = phi i64 [ 0, %23 ], [ %i.i.2, %68 ]
  %.1 = phi ptr [ %.0, %23 ], [ %69, %68 ]
  %ovfl.i.0 = phi i32 [ 0, %23 ], [ %ovfl.i.1, %68 ]
  %invld.i.0 = phi i32 [ 0, %23 ], [ %invld.i.2, %68 ]
  %25 = load i8, ptr %.1, align 1
  %26 = icmp ne i8 %25, 0
  br i1 %26, label %27, label %70

27:                                               ; preds = %24
  %28 = icmp ugt i64 %i.i.0, 1152921504606846975
  br i1 %28, label %29, label %30

29:                                               ; preds = %27
  br label %30

30:                                               ; preds = %29, %27
  %ovfl.i.1 = phi i32 [ 1, %29 ], [ %ovfl.i.0, %27 ]
  %31 = load i8, ptr %.1, align 1
  %32 = sext i8 %31 to i32
  %33 = icmp sge i32 %32, 65
  br i1 %33, label %34, label %43

34:                                               ; preds = %30
  %35 = load i8, ptr %.1, align 1
  %36 = sext i8 %35 to i32
  %37 = icmp sle i32 %36, 70
  br i1 %37, label %38, label %43

38:                                               ; preds = %34
  %39 = load i8, ptr %.1, align 1
  %40 = sext i8 %39 to i32
  %41 = add nsw i32 %40, 97
  %42 = sub nsw i32 %41, 65
  br label %46

43:                                               ; preds = %34, %30
  %44 = load i8, ptr %.1, align 1
  %45 = sext i8 %44 to i32
  br label %46

46:                                               ; preds = %43, %38
  %47 = phi i32 [ %42, %38 ], [ %45, %43 ]
  %48 = icmp sge i32 %47, 97
  br i1 %48, label %49, label %57

49:                                               ; preds = %46
  %50 = icmp sle i32 %47, 102
  br i1 %50, label %51, label %57

51:                                               ; preds = %49
  %52 = sub nsw i32 %47, 97
  %53 = add nsw i32 %52, 10
  %54 = mul i64 %i.i.0, 16
  %55 = sext i32 %53 to i64
  %56 = add i64 %54, %55
  br label %68

57:                                               ; preds = %49, %46
  %58 = icmp sge i32 %47, 48
  br i1 %58, label %59, label %66

59:                                               ; preds = %57
  %60 = icmp sle i32 %47, 57
  br i1 %60, label %61, label %66

61:                                               ; preds = %59
  %62 = sub nsw i32 %47, 48
  %63 = mul i64 %i.i.0, 16
  %64 = sext i32 %62 to i64
  %65 = add i64 %63, %64
  br label %67

66:                                               ; preds = %59, %57
  br label %67

67:                                               ; preds = %66, %61
  %i.i.1 = phi i64 [ %65, %61 ], [ %i.i.0, %66 ]
  %invld.i.1 = phi i32 [ %invld.i.0, %61 ], [ 1, %66 ]
  br label %68

68:                                               ; preds = %67, %51
  %i.i.2 = phi i64 [ %56, %51 ], [ %i.i.1, %67 ]
  %invld.i.2 = phi i32 [ %invld.i.0, %51 ], [ %invld.i.1, %67 ]
  %69 = getelementptr inbounds i8, ptr %.1, i32 1
  br label %24

70:                                               ; preds = %24
  br label %100

71:                                               ; preds = %11
  br label %72

72:                                               ; preds = %76, %71
  %.2 = phi ptr [ %7, %71 ], [ %77, %76 ]
  %73 = load i8, ptr %.2, align 1
  %74 = sext i8 %73 to i32
  %75 = icmp eq i32 %74, 48
  br i1 %75, label %76, label %78

76:                                               ; preds = %72
  %77 = getelementptr inbounds i8, ptr %.2, i32 1
  br label %72

78:                                               ; preds = %72
  br label %79

79:                                               ; preds = %97, %78
  %i.i.3 = phi i64 [ 0, %78 ], [ %i.i.4, %97 ]
  %.3 = phi ptr [ %.2, %78 ], [ %98, %97 ]
  %ovfl.i.2 = phi i32 [ 0, %78 ], [ %ovfl.i.3, %97 ]
  %invld.i.3 = phi i32 [ 0, %78 ], [ %invld.i.4, %97 ]
  %80 = load i8, ptr %.3, align 1
  %81 = icmp ne i8 %80, 0
  br i1 %81, label %82, label %99

82:                                               ; preds = %79
  %83 = icmp ugt i64 %i.i.3, 2305843009213693951
  br i1 %83, label %84, label %85

84:                                               ; preds = %82
  br label %85

85:                                               ; preds = %84, %82
  %ovfl.i.3 = phi i32 [ 1, %84 ], [ %ovfl.i.2, %82 ]
  %86 = load i8, ptr %.3, align 1
  %87 = sext i8 %86 to i32
  %88 = icmp sge i32 %87, 48
  br i1 %88, label %89, label %96

89:                                               ; preds = %85
  %90 = icmp sle i32 %87, 55
  br i1 %90, label %91, label %96

91:                                               ; preds = %89
  %92 = sub nsw i32 %87, 48
  %93 = mul i64 %i.i.3, 8
  %94 = sext i32 %92 to i64
  %95 = add i64 %93, %94
  br label %97

96:                                               ; preds = %89, %85
  br label %97

97:                                               ; preds = %96, %91
  %i.i.4 = phi i64 [ %95, %91 ], [ %i.i.3, %96 ]
  %invld.i.4 = phi i32 [ %invld.i.3, %91 ], [ 1, %96 ]
  %98 = getelementptr inbounds i8, ptr %.3, i32 1
  br label %79

99:                                               ; preds = %79
  br label %100

100:                                              ; preds = %99, %70
  %i.i.5 = phi i64 [ %i.i.0, %70 ], [ %i.i.3, %99 ]
  %ovfl.i.4 = phi i32 [ %ovfl.i.0, %70 ], [ %ovfl.i.2, %99 ]
  %invld.i.5 = phi i32 [ %invld.i.0, %70 ], [ %invld.i.3, %99 ]
  br label %130

101:                                              ; preds = %2, %0
  %102 = icmp ne ptr %tagp, null
  br i1 %102, label %103, label %129

103:                                              ; preds = %101
  br label %104

104:                                              ; preds = %126, %103
  %i.i.6 = phi i64 [ 0, %103 ], [ %i.i.7, %126 ]
  %.4 = phi ptr [ %tagp, %103 ], [ %127, %126 ]
  %ovfl.i.5 = phi i32 [ 0, %103 ], [ %ovfl.i.6, %126 ]
  %invld.i.6 = phi i32 [ 0, %103 ], [ %invld.i.7, %126 ]
  %105 = load i8, ptr %.4, align 1
  %106 = icmp ne i8 %105, 0
  br i1 %106, label %107, label %128

107:                                              ; preds = %104
  %108 = load i8, ptr %.4, align 1
  %109 = sext i8 %108 to i32
  %110 = icmp ugt i64 %i.i.6, 1844674407370955161
  br i1 %110, label %115, label %111

111:                                              ; preds = %107
  %112 = icmp eq i64 %i.i.6, 1844674407370955161
  br i1 %112, label %113, label %116

113:                                              ; preds = %111
  %114 = icmp sgt i32 %109, 53
  br i1 %114, label %115, label %116

115:                                              ; preds = %113, %107
  br label %116

116:                                              ; preds = %115, %113, %111
  %ovfl.i.6 = phi i32 [ 1, %115 ], [ %ovfl.i.5, %113 ], [ %ovfl.i.5, %111 ]
  %117 = icmp sge i32 %109, 48
  br i1 %117, label %118, label %125

118:                                              ; preds = %116
  %119 = icmp sle i32 %109, 57
  br i1 %119, label %120, label %125

120:                                              ; preds = %118
  %121 = sub nsw i32 %109, 48
  %122 = mul i64 %i.i.6, 10
  %123 = sext i32 %121 to i64
  %124 = add i64 %122, %123
  br label %126

125:                                              ; preds = %118, %116
  br label %126

126:                                              ; preds = %125, %120
  %i.i.7 = phi i64 [ %124, %120 ], [ %i.i.6, %125 ]
  %invld.i.7 = phi i32 [ %invld.i.6, %120 ], [ 1, %125 ]
  %127 = getelementptr inbounds i8, ptr %.4, i32 1
  br label %104

128:                                              ; preds = %104
  br label %129

129:                                              ; preds = %128, %101
  %i.i.8 = phi i64 [ %i.i.6, %128 ], [ 0, %101 ]
  %ovfl.i.7 = phi i32 [ %ovfl.i.5, %128 ], [ 0, %101 ]
  %invld.i.8 = phi i32 [ %invld.i.6, %128 ], [ 0, %101 ]
  br label %130

130:                                              ; preds = %129, %100
  %i.i.9 = phi i64 [ %i.i.5, %100 ], [ %i.i.8, %129 ]
  %ovfl.i.8 = phi i32 [ %ovfl.i.4, %100 ], [ %ovfl.i.7, %129 ]
  %invld.i.9 = phi i32 [ %invld.i.5, %100 ], [ %invld.i.8, %129 ]
  %131 = icmp ne i32 %ovfl.i.8, 0
  br i1 %131, label %132, label %133

132:                                              ; preds = %130
  br label %133

133:                                              ; preds = %132, %130
  %i.i.10 = phi i64 [ -1, %132 ], [ %i.i.9, %130 ]
  %134 = icmp ne i32 %invld.i.9, 0
  br i1 %134, label %135, label %__internal_nan_kernel.exit

135:                                              ; preds = %133
  br label %__internal_nan_kernel.exit

__internal_nan_kernel.exit:                       ; preds = %133, %135
  %i.i.11 = phi i64 [ 0, %135 ], [ %i.i.10, %133 ]
  %136 = and i64 %i.i.11, 4503599627370495
  %137 = or i64 %136, 9221120237041090560
  %138 = bitcast i64 %137 to double
  ret double %138
}

; CHECK: define double @__nv_nan(ptr %tagp)
; CHECK: ret double
; ERR: remark: darm: @__nv_nan: %bb16: melded:
; ERR-NOT: rolled back
