; ModuleID = 'bitonic_sort.cu'
source_filename = "bitonic_sort.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ12bitonic_sortE1s = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @bitonic_sort(ptr nocapture noundef %0) local_unnamed_addr #0 {
  %2 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = shl i32 %3, 8
  %5 = zext i32 %4 to i64
  %6 = getelementptr inbounds i32, ptr %0, i64 %5
  %7 = zext nneg i32 %2 to i64
  %8 = getelementptr inbounds i32, ptr %6, i64 %7
  %9 = load i32, ptr %8, align 4, !tbaa !5
  %10 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %7
  store i32 %9, ptr %10, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %11 = xor i32 %2, 1
  %12 = icmp ugt i32 %11, %2
  br i1 %12, label %479, label %491

13:                                               ; preds = %491
  %14 = zext nneg i32 %494 to i64
  %15 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %14
  %16 = load i32, ptr %15, align 4, !tbaa !5
  %17 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %493, label %20, label %18

18:                                               ; preds = %13
  %19 = icmp sgt i32 %16, %17
  br i1 %19, label %22, label %23

20:                                               ; preds = %13
  %21 = icmp slt i32 %16, %17
  br i1 %21, label %22, label %23

22:                                               ; preds = %20, %18
  store i32 %16, ptr %10, align 4, !tbaa !5
  store i32 %17, ptr %15, align 4, !tbaa !5
  br label %23

23:                                               ; preds = %22, %20, %18, %491
  tail call void @llvm.nvvm.barrier0()
  %24 = xor i32 %2, 1
  %25 = icmp ugt i32 %24, %2
  br i1 %25, label %26, label %36

26:                                               ; preds = %23
  %27 = zext nneg i32 %24 to i64
  %28 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %27
  %29 = load i32, ptr %28, align 4, !tbaa !5
  %30 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %493, label %33, label %31

31:                                               ; preds = %26
  %32 = icmp sgt i32 %29, %30
  br i1 %32, label %35, label %36

33:                                               ; preds = %26
  %34 = icmp slt i32 %29, %30
  br i1 %34, label %35, label %36

35:                                               ; preds = %33, %31
  store i32 %29, ptr %10, align 4, !tbaa !5
  store i32 %30, ptr %28, align 4, !tbaa !5
  br label %36

36:                                               ; preds = %35, %33, %31, %23
  tail call void @llvm.nvvm.barrier0()
  %37 = and i32 %2, 8
  %38 = icmp eq i32 %37, 0
  %39 = xor i32 %2, 4
  %40 = icmp ugt i32 %39, %2
  br i1 %40, label %41, label %51

41:                                               ; preds = %36
  %42 = zext nneg i32 %39 to i64
  %43 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %42
  %44 = load i32, ptr %43, align 4, !tbaa !5
  %45 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %38, label %48, label %46

46:                                               ; preds = %41
  %47 = icmp sgt i32 %44, %45
  br i1 %47, label %50, label %51

48:                                               ; preds = %41
  %49 = icmp slt i32 %44, %45
  br i1 %49, label %50, label %51

50:                                               ; preds = %48, %46
  store i32 %44, ptr %10, align 4, !tbaa !5
  store i32 %45, ptr %43, align 4, !tbaa !5
  br label %51

51:                                               ; preds = %50, %48, %46, %36
  tail call void @llvm.nvvm.barrier0()
  %52 = xor i32 %2, 2
  %53 = icmp ugt i32 %52, %2
  br i1 %53, label %54, label %64

54:                                               ; preds = %51
  %55 = zext nneg i32 %52 to i64
  %56 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %55
  %57 = load i32, ptr %56, align 4, !tbaa !5
  %58 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %38, label %61, label %59

59:                                               ; preds = %54
  %60 = icmp sgt i32 %57, %58
  br i1 %60, label %63, label %64

61:                                               ; preds = %54
  %62 = icmp slt i32 %57, %58
  br i1 %62, label %63, label %64

63:                                               ; preds = %61, %59
  store i32 %57, ptr %10, align 4, !tbaa !5
  store i32 %58, ptr %56, align 4, !tbaa !5
  br label %64

64:                                               ; preds = %63, %61, %59, %51
  tail call void @llvm.nvvm.barrier0()
  %65 = xor i32 %2, 1
  %66 = icmp ugt i32 %65, %2
  br i1 %66, label %67, label %77

67:                                               ; preds = %64
  %68 = zext nneg i32 %65 to i64
  %69 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %68
  %70 = load i32, ptr %69, align 4, !tbaa !5
  %71 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %38, label %74, label %72

72:                                               ; preds = %67
  %73 = icmp sgt i32 %70, %71
  br i1 %73, label %76, label %77

74:                                               ; preds = %67
  %75 = icmp slt i32 %70, %71
  br i1 %75, label %76, label %77

76:                                               ; preds = %74, %72
  store i32 %70, ptr %10, align 4, !tbaa !5
  store i32 %71, ptr %69, align 4, !tbaa !5
  br label %77

77:                                               ; preds = %76, %74, %72, %64
  tail call void @llvm.nvvm.barrier0()
  %78 = and i32 %2, 16
  %79 = icmp eq i32 %78, 0
  %80 = xor i32 %2, 8
  %81 = icmp ugt i32 %80, %2
  br i1 %81, label %82, label %92

82:                                               ; preds = %77
  %83 = zext nneg i32 %80 to i64
  %84 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %83
  %85 = load i32, ptr %84, align 4, !tbaa !5
  %86 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %79, label %89, label %87

87:                                               ; preds = %82
  %88 = icmp sgt i32 %85, %86
  br i1 %88, label %91, label %92

89:                                               ; preds = %82
  %90 = icmp slt i32 %85, %86
  br i1 %90, label %91, label %92

91:                                               ; preds = %89, %87
  store i32 %85, ptr %10, align 4, !tbaa !5
  store i32 %86, ptr %84, align 4, !tbaa !5
  br label %92

92:                                               ; preds = %91, %89, %87, %77
  tail call void @llvm.nvvm.barrier0()
  %93 = xor i32 %2, 4
  %94 = icmp ugt i32 %93, %2
  br i1 %94, label %95, label %105

95:                                               ; preds = %92
  %96 = zext nneg i32 %93 to i64
  %97 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %96
  %98 = load i32, ptr %97, align 4, !tbaa !5
  %99 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %79, label %102, label %100

100:                                              ; preds = %95
  %101 = icmp sgt i32 %98, %99
  br i1 %101, label %104, label %105

102:                                              ; preds = %95
  %103 = icmp slt i32 %98, %99
  br i1 %103, label %104, label %105

104:                                              ; preds = %102, %100
  store i32 %98, ptr %10, align 4, !tbaa !5
  store i32 %99, ptr %97, align 4, !tbaa !5
  br label %105

105:                                              ; preds = %104, %102, %100, %92
  tail call void @llvm.nvvm.barrier0()
  %106 = xor i32 %2, 2
  %107 = icmp ugt i32 %106, %2
  br i1 %107, label %108, label %118

108:                                              ; preds = %105
  %109 = zext nneg i32 %106 to i64
  %110 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %109
  %111 = load i32, ptr %110, align 4, !tbaa !5
  %112 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %79, label %115, label %113

113:                                              ; preds = %108
  %114 = icmp sgt i32 %111, %112
  br i1 %114, label %117, label %118

115:                                              ; preds = %108
  %116 = icmp slt i32 %111, %112
  br i1 %116, label %117, label %118

117:                                              ; preds = %115, %113
  store i32 %111, ptr %10, align 4, !tbaa !5
  store i32 %112, ptr %110, align 4, !tbaa !5
  br label %118

118:                                              ; preds = %117, %115, %113, %105
  tail call void @llvm.nvvm.barrier0()
  %119 = xor i32 %2, 1
  %120 = icmp ugt i32 %119, %2
  br i1 %120, label %121, label %131

121:                                              ; preds = %118
  %122 = zext nneg i32 %119 to i64
  %123 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %122
  %124 = load i32, ptr %123, align 4, !tbaa !5
  %125 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %79, label %128, label %126

126:                                              ; preds = %121
  %127 = icmp sgt i32 %124, %125
  br i1 %127, label %130, label %131

128:                                              ; preds = %121
  %129 = icmp slt i32 %124, %125
  br i1 %129, label %130, label %131

130:                                              ; preds = %128, %126
  store i32 %124, ptr %10, align 4, !tbaa !5
  store i32 %125, ptr %123, align 4, !tbaa !5
  br label %131

131:                                              ; preds = %130, %128, %126, %118
  tail call void @llvm.nvvm.barrier0()
  %132 = and i32 %2, 32
  %133 = icmp eq i32 %132, 0
  %134 = xor i32 %2, 16
  %135 = icmp ugt i32 %134, %2
  br i1 %135, label %136, label %146

136:                                              ; preds = %131
  %137 = zext nneg i32 %134 to i64
  %138 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %137
  %139 = load i32, ptr %138, align 4, !tbaa !5
  %140 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %133, label %143, label %141

141:                                              ; preds = %136
  %142 = icmp sgt i32 %139, %140
  br i1 %142, label %145, label %146

143:                                              ; preds = %136
  %144 = icmp slt i32 %139, %140
  br i1 %144, label %145, label %146

145:                                              ; preds = %143, %141
  store i32 %139, ptr %10, align 4, !tbaa !5
  store i32 %140, ptr %138, align 4, !tbaa !5
  br label %146

146:                                              ; preds = %145, %143, %141, %131
  tail call void @llvm.nvvm.barrier0()
  %147 = xor i32 %2, 8
  %148 = icmp ugt i32 %147, %2
  br i1 %148, label %149, label %159

149:                                              ; preds = %146
  %150 = zext nneg i32 %147 to i64
  %151 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %150
  %152 = load i32, ptr %151, align 4, !tbaa !5
  %153 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %133, label %156, label %154

154:                                              ; preds = %149
  %155 = icmp sgt i32 %152, %153
  br i1 %155, label %158, label %159

156:                                              ; preds = %149
  %157 = icmp slt i32 %152, %153
  br i1 %157, label %158, label %159

158:                                              ; preds = %156, %154
  store i32 %152, ptr %10, align 4, !tbaa !5
  store i32 %153, ptr %151, align 4, !tbaa !5
  br label %159

159:                                              ; preds = %158, %156, %154, %146
  tail call void @llvm.nvvm.barrier0()
  %160 = xor i32 %2, 4
  %161 = icmp ugt i32 %160, %2
  br i1 %161, label %162, label %172

162:                                              ; preds = %159
  %163 = zext nneg i32 %160 to i64
  %164 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %163
  %165 = load i32, ptr %164, align 4, !tbaa !5
  %166 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %133, label %169, label %167

167:                                              ; preds = %162
  %168 = icmp sgt i32 %165, %166
  br i1 %168, label %171, label %172

169:                                              ; preds = %162
  %170 = icmp slt i32 %165, %166
  br i1 %170, label %171, label %172

171:                                              ; preds = %169, %167
  store i32 %165, ptr %10, align 4, !tbaa !5
  store i32 %166, ptr %164, align 4, !tbaa !5
  br label %172

172:                                              ; preds = %171, %169, %167, %159
  tail call void @llvm.nvvm.barrier0()
  %173 = xor i32 %2, 2
  %174 = icmp ugt i32 %173, %2
  br i1 %174, label %175, label %185

175:                                              ; preds = %172
  %176 = zext nneg i32 %173 to i64
  %177 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %176
  %178 = load i32, ptr %177, align 4, !tbaa !5
  %179 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %133, label %182, label %180

180:                                              ; preds = %175
  %181 = icmp sgt i32 %178, %179
  br i1 %181, label %184, label %185

182:                                              ; preds = %175
  %183 = icmp slt i32 %178, %179
  br i1 %183, label %184, label %185

184:                                              ; preds = %182, %180
  store i32 %178, ptr %10, align 4, !tbaa !5
  store i32 %179, ptr %177, align 4, !tbaa !5
  br label %185

185:                                              ; preds = %184, %182, %180, %172
  tail call void @llvm.nvvm.barrier0()
  %186 = xor i32 %2, 1
  %187 = icmp ugt i32 %186, %2
  br i1 %187, label %188, label %198

188:                                              ; preds = %185
  %189 = zext nneg i32 %186 to i64
  %190 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %189
  %191 = load i32, ptr %190, align 4, !tbaa !5
  %192 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %133, label %195, label %193

193:                                              ; preds = %188
  %194 = icmp sgt i32 %191, %192
  br i1 %194, label %197, label %198

195:                                              ; preds = %188
  %196 = icmp slt i32 %191, %192
  br i1 %196, label %197, label %198

197:                                              ; preds = %195, %193
  store i32 %191, ptr %10, align 4, !tbaa !5
  store i32 %192, ptr %190, align 4, !tbaa !5
  br label %198

198:                                              ; preds = %197, %195, %193, %185
  tail call void @llvm.nvvm.barrier0()
  %199 = and i32 %2, 64
  %200 = icmp eq i32 %199, 0
  %201 = xor i32 %2, 32
  %202 = icmp ugt i32 %201, %2
  br i1 %202, label %203, label %213

203:                                              ; preds = %198
  %204 = zext nneg i32 %201 to i64
  %205 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %204
  %206 = load i32, ptr %205, align 4, !tbaa !5
  %207 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %200, label %210, label %208

208:                                              ; preds = %203
  %209 = icmp sgt i32 %206, %207
  br i1 %209, label %212, label %213

210:                                              ; preds = %203
  %211 = icmp slt i32 %206, %207
  br i1 %211, label %212, label %213

212:                                              ; preds = %210, %208
  store i32 %206, ptr %10, align 4, !tbaa !5
  store i32 %207, ptr %205, align 4, !tbaa !5
  br label %213

213:                                              ; preds = %212, %210, %208, %198
  tail call void @llvm.nvvm.barrier0()
  %214 = xor i32 %2, 16
  %215 = icmp ugt i32 %214, %2
  br i1 %215, label %216, label %226

216:                                              ; preds = %213
  %217 = zext nneg i32 %214 to i64
  %218 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %217
  %219 = load i32, ptr %218, align 4, !tbaa !5
  %220 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %200, label %223, label %221

221:                                              ; preds = %216
  %222 = icmp sgt i32 %219, %220
  br i1 %222, label %225, label %226

223:                                              ; preds = %216
  %224 = icmp slt i32 %219, %220
  br i1 %224, label %225, label %226

225:                                              ; preds = %223, %221
  store i32 %219, ptr %10, align 4, !tbaa !5
  store i32 %220, ptr %218, align 4, !tbaa !5
  br label %226

226:                                              ; preds = %225, %223, %221, %213
  tail call void @llvm.nvvm.barrier0()
  %227 = xor i32 %2, 8
  %228 = icmp ugt i32 %227, %2
  br i1 %228, label %229, label %239

229:                                              ; preds = %226
  %230 = zext nneg i32 %227 to i64
  %231 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %230
  %232 = load i32, ptr %231, align 4, !tbaa !5
  %233 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %200, label %236, label %234

234:                                              ; preds = %229
  %235 = icmp sgt i32 %232, %233
  br i1 %235, label %238, label %239

236:                                              ; preds = %229
  %237 = icmp slt i32 %232, %233
  br i1 %237, label %238, label %239

238:                                              ; preds = %236, %234
  store i32 %232, ptr %10, align 4, !tbaa !5
  store i32 %233, ptr %231, align 4, !tbaa !5
  br label %239

239:                                              ; preds = %238, %236, %234, %226
  tail call void @llvm.nvvm.barrier0()
  %240 = xor i32 %2, 4
  %241 = icmp ugt i32 %240, %2
  br i1 %241, label %242, label %252

242:                                              ; preds = %239
  %243 = zext nneg i32 %240 to i64
  %244 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %243
  %245 = load i32, ptr %244, align 4, !tbaa !5
  %246 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %200, label %249, label %247

247:                                              ; preds = %242
  %248 = icmp sgt i32 %245, %246
  br i1 %248, label %251, label %252

249:                                              ; preds = %242
  %250 = icmp slt i32 %245, %246
  br i1 %250, label %251, label %252

251:                                              ; preds = %249, %247
  store i32 %245, ptr %10, align 4, !tbaa !5
  store i32 %246, ptr %244, align 4, !tbaa !5
  br label %252

252:                                              ; preds = %251, %249, %247, %239
  tail call void @llvm.nvvm.barrier0()
  %253 = xor i32 %2, 2
  %254 = icmp ugt i32 %253, %2
  br i1 %254, label %255, label %265

255:                                              ; preds = %252
  %256 = zext nneg i32 %253 to i64
  %257 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %256
  %258 = load i32, ptr %257, align 4, !tbaa !5
  %259 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %200, label %262, label %260

260:                                              ; preds = %255
  %261 = icmp sgt i32 %258, %259
  br i1 %261, label %264, label %265

262:                                              ; preds = %255
  %263 = icmp slt i32 %258, %259
  br i1 %263, label %264, label %265

264:                                              ; preds = %262, %260
  store i32 %258, ptr %10, align 4, !tbaa !5
  store i32 %259, ptr %257, align 4, !tbaa !5
  br label %265

265:                                              ; preds = %264, %262, %260, %252
  tail call void @llvm.nvvm.barrier0()
  %266 = xor i32 %2, 1
  %267 = icmp ugt i32 %266, %2
  br i1 %267, label %268, label %278

268:                                              ; preds = %265
  %269 = zext nneg i32 %266 to i64
  %270 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %269
  %271 = load i32, ptr %270, align 4, !tbaa !5
  %272 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %200, label %275, label %273

273:                                              ; preds = %268
  %274 = icmp sgt i32 %271, %272
  br i1 %274, label %277, label %278

275:                                              ; preds = %268
  %276 = icmp slt i32 %271, %272
  br i1 %276, label %277, label %278

277:                                              ; preds = %275, %273
  store i32 %271, ptr %10, align 4, !tbaa !5
  store i32 %272, ptr %270, align 4, !tbaa !5
  br label %278

278:                                              ; preds = %277, %275, %273, %265
  tail call void @llvm.nvvm.barrier0()
  %279 = and i32 %2, 128
  %280 = icmp eq i32 %279, 0
  %281 = xor i32 %2, 64
  %282 = icmp ugt i32 %281, %2
  br i1 %282, label %283, label %293

283:                                              ; preds = %278
  %284 = zext nneg i32 %281 to i64
  %285 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %284
  %286 = load i32, ptr %285, align 4, !tbaa !5
  %287 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %280, label %290, label %288

288:                                              ; preds = %283
  %289 = icmp sgt i32 %286, %287
  br i1 %289, label %292, label %293

290:                                              ; preds = %283
  %291 = icmp slt i32 %286, %287
  br i1 %291, label %292, label %293

292:                                              ; preds = %290, %288
  store i32 %286, ptr %10, align 4, !tbaa !5
  store i32 %287, ptr %285, align 4, !tbaa !5
  br label %293

293:                                              ; preds = %292, %290, %288, %278
  tail call void @llvm.nvvm.barrier0()
  %294 = xor i32 %2, 32
  %295 = icmp ugt i32 %294, %2
  br i1 %295, label %296, label %306

296:                                              ; preds = %293
  %297 = zext nneg i32 %294 to i64
  %298 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %297
  %299 = load i32, ptr %298, align 4, !tbaa !5
  %300 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %280, label %303, label %301

301:                                              ; preds = %296
  %302 = icmp sgt i32 %299, %300
  br i1 %302, label %305, label %306

303:                                              ; preds = %296
  %304 = icmp slt i32 %299, %300
  br i1 %304, label %305, label %306

305:                                              ; preds = %303, %301
  store i32 %299, ptr %10, align 4, !tbaa !5
  store i32 %300, ptr %298, align 4, !tbaa !5
  br label %306

306:                                              ; preds = %305, %303, %301, %293
  tail call void @llvm.nvvm.barrier0()
  %307 = xor i32 %2, 16
  %308 = icmp ugt i32 %307, %2
  br i1 %308, label %309, label %319

309:                                              ; preds = %306
  %310 = zext nneg i32 %307 to i64
  %311 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %310
  %312 = load i32, ptr %311, align 4, !tbaa !5
  %313 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %280, label %316, label %314

314:                                              ; preds = %309
  %315 = icmp sgt i32 %312, %313
  br i1 %315, label %318, label %319

316:                                              ; preds = %309
  %317 = icmp slt i32 %312, %313
  br i1 %317, label %318, label %319

318:                                              ; preds = %316, %314
  store i32 %312, ptr %10, align 4, !tbaa !5
  store i32 %313, ptr %311, align 4, !tbaa !5
  br label %319

319:                                              ; preds = %318, %316, %314, %306
  tail call void @llvm.nvvm.barrier0()
  %320 = xor i32 %2, 8
  %321 = icmp ugt i32 %320, %2
  br i1 %321, label %322, label %332

322:                                              ; preds = %319
  %323 = zext nneg i32 %320 to i64
  %324 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %323
  %325 = load i32, ptr %324, align 4, !tbaa !5
  %326 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %280, label %329, label %327

327:                                              ; preds = %322
  %328 = icmp sgt i32 %325, %326
  br i1 %328, label %331, label %332

329:                                              ; preds = %322
  %330 = icmp slt i32 %325, %326
  br i1 %330, label %331, label %332

331:                                              ; preds = %329, %327
  store i32 %325, ptr %10, align 4, !tbaa !5
  store i32 %326, ptr %324, align 4, !tbaa !5
  br label %332

332:                                              ; preds = %331, %329, %327, %319
  tail call void @llvm.nvvm.barrier0()
  %333 = xor i32 %2, 4
  %334 = icmp ugt i32 %333, %2
  br i1 %334, label %335, label %345

335:                                              ; preds = %332
  %336 = zext nneg i32 %333 to i64
  %337 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %336
  %338 = load i32, ptr %337, align 4, !tbaa !5
  %339 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %280, label %342, label %340

340:                                              ; preds = %335
  %341 = icmp sgt i32 %338, %339
  br i1 %341, label %344, label %345

342:                                              ; preds = %335
  %343 = icmp slt i32 %338, %339
  br i1 %343, label %344, label %345

344:                                              ; preds = %342, %340
  store i32 %338, ptr %10, align 4, !tbaa !5
  store i32 %339, ptr %337, align 4, !tbaa !5
  br label %345

345:                                              ; preds = %344, %342, %340, %332
  tail call void @llvm.nvvm.barrier0()
  %346 = xor i32 %2, 2
  %347 = icmp ugt i32 %346, %2
  br i1 %347, label %348, label %358

348:                                              ; preds = %345
  %349 = zext nneg i32 %346 to i64
  %350 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %349
  %351 = load i32, ptr %350, align 4, !tbaa !5
  %352 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %280, label %355, label %353

353:                                              ; preds = %348
  %354 = icmp sgt i32 %351, %352
  br i1 %354, label %357, label %358

355:                                              ; preds = %348
  %356 = icmp slt i32 %351, %352
  br i1 %356, label %357, label %358

357:                                              ; preds = %355, %353
  store i32 %351, ptr %10, align 4, !tbaa !5
  store i32 %352, ptr %350, align 4, !tbaa !5
  br label %358

358:                                              ; preds = %357, %355, %353, %345
  tail call void @llvm.nvvm.barrier0()
  %359 = xor i32 %2, 1
  %360 = icmp ugt i32 %359, %2
  br i1 %360, label %361, label %371

361:                                              ; preds = %358
  %362 = zext nneg i32 %359 to i64
  %363 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %362
  %364 = load i32, ptr %363, align 4, !tbaa !5
  %365 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %280, label %368, label %366

366:                                              ; preds = %361
  %367 = icmp sgt i32 %364, %365
  br i1 %367, label %370, label %371

368:                                              ; preds = %361
  %369 = icmp slt i32 %364, %365
  br i1 %369, label %370, label %371

370:                                              ; preds = %368, %366
  store i32 %364, ptr %10, align 4, !tbaa !5
  store i32 %365, ptr %363, align 4, !tbaa !5
  br label %371

371:                                              ; preds = %370, %368, %366, %358
  tail call void @llvm.nvvm.barrier0()
  %372 = and i32 %2, 256
  %373 = icmp eq i32 %372, 0
  %374 = xor i32 %2, 128
  %375 = icmp ugt i32 %374, %2
  br i1 %375, label %376, label %386

376:                                              ; preds = %371
  %377 = zext nneg i32 %374 to i64
  %378 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %377
  %379 = load i32, ptr %378, align 4, !tbaa !5
  %380 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %373, label %383, label %381

381:                                              ; preds = %376
  %382 = icmp sgt i32 %379, %380
  br i1 %382, label %385, label %386

383:                                              ; preds = %376
  %384 = icmp slt i32 %379, %380
  br i1 %384, label %385, label %386

385:                                              ; preds = %383, %381
  store i32 %379, ptr %10, align 4, !tbaa !5
  store i32 %380, ptr %378, align 4, !tbaa !5
  br label %386

386:                                              ; preds = %385, %383, %381, %371
  tail call void @llvm.nvvm.barrier0()
  %387 = xor i32 %2, 64
  %388 = icmp ugt i32 %387, %2
  br i1 %388, label %389, label %399

389:                                              ; preds = %386
  %390 = zext nneg i32 %387 to i64
  %391 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %390
  %392 = load i32, ptr %391, align 4, !tbaa !5
  %393 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %373, label %396, label %394

394:                                              ; preds = %389
  %395 = icmp sgt i32 %392, %393
  br i1 %395, label %398, label %399

396:                                              ; preds = %389
  %397 = icmp slt i32 %392, %393
  br i1 %397, label %398, label %399

398:                                              ; preds = %396, %394
  store i32 %392, ptr %10, align 4, !tbaa !5
  store i32 %393, ptr %391, align 4, !tbaa !5
  br label %399

399:                                              ; preds = %398, %396, %394, %386
  tail call void @llvm.nvvm.barrier0()
  %400 = xor i32 %2, 32
  %401 = icmp ugt i32 %400, %2
  br i1 %401, label %402, label %412

402:                                              ; preds = %399
  %403 = zext nneg i32 %400 to i64
  %404 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %403
  %405 = load i32, ptr %404, align 4, !tbaa !5
  %406 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %373, label %409, label %407

407:                                              ; preds = %402
  %408 = icmp sgt i32 %405, %406
  br i1 %408, label %411, label %412

409:                                              ; preds = %402
  %410 = icmp slt i32 %405, %406
  br i1 %410, label %411, label %412

411:                                              ; preds = %409, %407
  store i32 %405, ptr %10, align 4, !tbaa !5
  store i32 %406, ptr %404, align 4, !tbaa !5
  br label %412

412:                                              ; preds = %411, %409, %407, %399
  tail call void @llvm.nvvm.barrier0()
  %413 = xor i32 %2, 16
  %414 = icmp ugt i32 %413, %2
  br i1 %414, label %415, label %425

415:                                              ; preds = %412
  %416 = zext nneg i32 %413 to i64
  %417 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %416
  %418 = load i32, ptr %417, align 4, !tbaa !5
  %419 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %373, label %422, label %420

420:                                              ; preds = %415
  %421 = icmp sgt i32 %418, %419
  br i1 %421, label %424, label %425

422:                                              ; preds = %415
  %423 = icmp slt i32 %418, %419
  br i1 %423, label %424, label %425

424:                                              ; preds = %422, %420
  store i32 %418, ptr %10, align 4, !tbaa !5
  store i32 %419, ptr %417, align 4, !tbaa !5
  br label %425

425:                                              ; preds = %424, %422, %420, %412
  tail call void @llvm.nvvm.barrier0()
  %426 = xor i32 %2, 8
  %427 = icmp ugt i32 %426, %2
  br i1 %427, label %428, label %438

428:                                              ; preds = %425
  %429 = zext nneg i32 %426 to i64
  %430 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %429
  %431 = load i32, ptr %430, align 4, !tbaa !5
  %432 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %373, label %435, label %433

433:                                              ; preds = %428
  %434 = icmp sgt i32 %431, %432
  br i1 %434, label %437, label %438

435:                                              ; preds = %428
  %436 = icmp slt i32 %431, %432
  br i1 %436, label %437, label %438

437:                                              ; preds = %435, %433
  store i32 %431, ptr %10, align 4, !tbaa !5
  store i32 %432, ptr %430, align 4, !tbaa !5
  br label %438

438:                                              ; preds = %437, %435, %433, %425
  tail call void @llvm.nvvm.barrier0()
  %439 = xor i32 %2, 4
  %440 = icmp ugt i32 %439, %2
  br i1 %440, label %441, label %451

441:                                              ; preds = %438
  %442 = zext nneg i32 %439 to i64
  %443 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %442
  %444 = load i32, ptr %443, align 4, !tbaa !5
  %445 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %373, label %448, label %446

446:                                              ; preds = %441
  %447 = icmp sgt i32 %444, %445
  br i1 %447, label %450, label %451

448:                                              ; preds = %441
  %449 = icmp slt i32 %444, %445
  br i1 %449, label %450, label %451

450:                                              ; preds = %448, %446
  store i32 %444, ptr %10, align 4, !tbaa !5
  store i32 %445, ptr %443, align 4, !tbaa !5
  br label %451

451:                                              ; preds = %450, %448, %446, %438
  tail call void @llvm.nvvm.barrier0()
  %452 = xor i32 %2, 2
  %453 = icmp ugt i32 %452, %2
  br i1 %453, label %454, label %464

454:                                              ; preds = %451
  %455 = zext nneg i32 %452 to i64
  %456 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %455
  %457 = load i32, ptr %456, align 4, !tbaa !5
  %458 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %373, label %461, label %459

459:                                              ; preds = %454
  %460 = icmp sgt i32 %457, %458
  br i1 %460, label %463, label %464

461:                                              ; preds = %454
  %462 = icmp slt i32 %457, %458
  br i1 %462, label %463, label %464

463:                                              ; preds = %461, %459
  store i32 %457, ptr %10, align 4, !tbaa !5
  store i32 %458, ptr %456, align 4, !tbaa !5
  br label %464

464:                                              ; preds = %463, %461, %459, %451
  tail call void @llvm.nvvm.barrier0()
  %465 = xor i32 %2, 1
  %466 = icmp ugt i32 %465, %2
  br i1 %466, label %467, label %477

467:                                              ; preds = %464
  %468 = zext nneg i32 %465 to i64
  %469 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %468
  %470 = load i32, ptr %469, align 4, !tbaa !5
  %471 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %373, label %474, label %472

472:                                              ; preds = %467
  %473 = icmp sgt i32 %470, %471
  br i1 %473, label %476, label %477

474:                                              ; preds = %467
  %475 = icmp slt i32 %470, %471
  br i1 %475, label %476, label %477

476:                                              ; preds = %474, %472
  store i32 %470, ptr %10, align 4, !tbaa !5
  store i32 %471, ptr %469, align 4, !tbaa !5
  br label %477

477:                                              ; preds = %476, %474, %472, %464
  tail call void @llvm.nvvm.barrier0()
  %478 = load i32, ptr %10, align 4, !tbaa !5
  store i32 %478, ptr %8, align 4, !tbaa !5
  ret void

479:                                              ; preds = %1
  %480 = and i32 %2, 2
  %481 = icmp eq i32 %480, 0
  %482 = zext nneg i32 %11 to i64
  %483 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ12bitonic_sortE1s to ptr), i64 0, i64 %482
  %484 = load i32, ptr %483, align 4, !tbaa !5
  %485 = load i32, ptr %10, align 4, !tbaa !5
  br i1 %481, label %486, label %488

486:                                              ; preds = %479
  %487 = icmp slt i32 %484, %485
  br i1 %487, label %490, label %491

488:                                              ; preds = %479
  %489 = icmp sgt i32 %484, %485
  br i1 %489, label %490, label %491

490:                                              ; preds = %488, %486
  store i32 %484, ptr %10, align 4, !tbaa !5
  store i32 %485, ptr %483, align 4, !tbaa !5
  br label %491

491:                                              ; preds = %490, %486, %488, %1
  tail call void @llvm.nvvm.barrier0()
  %492 = and i32 %2, 4
  %493 = icmp eq i32 %492, 0
  %494 = xor i32 %2, 2
  %495 = icmp ugt i32 %494, %2
  br i1 %495, label %13, label %23
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @bitonic_sort, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
