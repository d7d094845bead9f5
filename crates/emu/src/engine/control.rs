//! Control flow and warp-synchronous instructions: branches, calls and returns, exit and trap, CTA barriers, and
//! the member-mask protocol of `shfl/vote/match/redux.sync` and `bar.warp.sync`.
//!
//! These run on the engine's slow path: they may split, park or merge thread groups. Every handler leaves the
//! group it was called for either with an updated PC or in a waiting state, and returns `Flow::Repick`.

use super::*;

impl Cta<'_> {
    /// Executes a control or warp-synchronous instruction for group `gi` at `pc`.
    pub(super) fn control(&mut self, wi: usize, gi: usize, pc: u32, mask: u32, gm: u32) -> Result<Flow, Failure> {
        let prog = self.env.prog;
        let inst = &prog.insts[pc as usize];
        let set_pc = |cta: &mut Cta<'_>, gi: usize, to: u32| cta.warps[wi].groups[gi].pc = to;
        match &inst.op {
            Op::Bra { target, uni, rpc } => {
                let taken = gm;
                let divergent = taken != 0 && taken != mask;
                if *uni && divergent {
                    self.counters.uni_violations += 1;
                }
                self.record_branch(pc, mask, divergent);
                if taken == mask {
                    set_pc(self, gi, *target);
                    Ok(Flow::Repick)
                } else if taken == 0 {
                    set_pc(self, gi, pc + 1);
                    Ok(Flow::Repick)
                } else {
                    self.diverge(wi, gi, *rpc, &[(mask & !taken, pc + 1), (taken, *target)]);
                    Ok(Flow::Repick)
                }
            }
            Op::BrxIdx { idx, targets, uni, rpc } => {
                let mut v = [0u64; 32];
                let fr = self.warps[wi].groups[gi].frame();
                exec::fetch(&self.warps[wi], self.env, &self.mem, fr, *idx, &mut v);
                let mut parts: Vec<(u32, u32)> = Vec::new();
                if mask & !gm != 0 {
                    parts.push((mask & !gm, pc + 1));
                }
                for l in lanes_of(gm) {
                    let i = v[l] as u32 as usize;
                    let Some(&t) = targets.get(i) else {
                        return Err(Failure {
                            msg: format!("brx.idx index {i} is out of range (the table has {} targets)", targets.len()),
                            pc: Some(pc),
                            thread: Some(self.thread_of(wi, l)),
                            details: Vec::new(),
                        });
                    };
                    match parts.iter_mut().find(|p| p.1 == t) {
                        Some(p) => p.0 |= 1 << l,
                        None => parts.push((1 << l, t)),
                    }
                }
                let divergent = parts.len() > 1;
                if *uni && divergent {
                    self.counters.uni_violations += 1;
                }
                self.record_branch(pc, mask, divergent);
                if parts.len() == 1 {
                    set_pc(self, gi, parts[0].1);
                } else {
                    self.diverge(wi, gi, *rpc, &parts);
                }
                Ok(Flow::Repick)
            }
            Op::Call { func, indirect, args, rets, uni } => {
                if mask & !gm != 0 && *uni && gm != 0 {
                    self.counters.uni_violations += 1;
                }
                if gm == 0 {
                    set_pc(self, gi, pc + 1);
                    return Ok(Flow::Repick);
                }
                if indirect.is_none() && !prog.funcs[*func as usize].defined {
                    // The one external function the emulator provides: vprintf (device-side printf).
                    self.vprintf(wi, gi, gm, args, rets).map_err(|m| Failure {
                        msg: m,
                        pc: Some(pc),
                        thread: None,
                        details: Vec::new(),
                    })?;
                    set_pc(self, gi, pc + 1);
                    return Ok(Flow::Repick);
                }
                let callee = match indirect {
                    None => *func,
                    Some(s) => {
                        let mut v = [0u64; 32];
                        let fr = self.warps[wi].groups[gi].frame();
                        exec::fetch(&self.warps[wi], self.env, &self.mem, fr, *s, &mut v);
                        let t = v[gm.trailing_zeros() as usize];
                        if lanes_of(gm).any(|l| v[l] != t) {
                            return Err(Failure {
                                msg: "indirect call with different targets in one warp is not supported".into(),
                                pc: Some(pc),
                                thread: None,
                                details: Vec::new(),
                            });
                        }
                        let fi = t.wrapping_sub(FUNC_BASE);
                        match prog.funcs.get(fi as usize) {
                            Some(f) if f.defined && !f.kernel && t >= FUNC_BASE => fi as u32,
                            _ => {
                                return Err(Failure {
                                    msg: format!("indirect call to {t:#x}, which is not a device function"),
                                    pc: Some(pc),
                                    thread: None,
                                    details: Vec::new(),
                                })
                            }
                        }
                    }
                };
                let f = &prog.funcs[callee as usize];
                // Reconverge at the return address, including lanes whose guard is false.
                {
                    let w = &mut self.warps[wi];
                    let b = Self::alloc_bar(w, pc + 1, mask);
                    w.groups[gi].stack.push(Entry::Conv(b));
                }
                let gi = self.split_off(wi, gi, mask & !gm);
                let w = &mut self.warps[wi];
                let caller = &prog.funcs[inst.func as usize];
                let (lfp, pfp) = (w.groups[gi].local_fp, w.groups[gi].param_fp);
                let new_pfp = pfp + caller.param_frame;
                let new_lfp = lfp + caller.local_frame;
                if (new_pfp + f.param_frame) > w.param_bytes || (new_lfp + f.local_frame) > w.local_bytes {
                    return Err(Failure {
                        msg: format!("call stack overflow calling '{}' (recursion too deep)", f.name),
                        pc: Some(pc),
                        thread: None,
                        details: Vec::new(),
                    });
                }
                // Copy arguments into the callee's formal parameters.
                let pb = w.param_bytes as usize;
                for (k, &(off, size)) in args.iter().enumerate() {
                    let formal = &f.params[k];
                    let n = size.min(formal.size) as usize;
                    for l in lanes_of(gm) {
                        let src = l * pb + (pfp + off) as usize;
                        let dst = l * pb + (new_pfp + formal.offset) as usize;
                        w.params.copy_within(src..src + n, dst);
                    }
                }
                let saved = if f.recursive {
                    let (r0, r1) = f.regs;
                    let (p0, p1) = f.preds;
                    Some((
                        w.regs[r0 as usize * 32..r1 as usize * 32].to_vec(),
                        w.preds[p0 as usize..p1 as usize].to_vec(),
                    ))
                } else {
                    None
                };
                let _ = rets;
                let g = &mut w.groups[gi];
                g.stack.push(Entry::Ret(Box::new(RetInfo {
                    ret_pc: pc + 1,
                    local_fp: lfp,
                    param_fp: pfp,
                    call_pc: pc,
                    callee,
                    saved,
                })));
                g.local_fp = new_lfp;
                g.param_fp = new_pfp;
                g.pc = f.start;
                if let Some(san) = self.mem.san.as_deref_mut() {
                    san.local_frame(wi as u32, gm, new_lfp, f.local_frame);
                }
                let w = &mut self.warps[wi];
                // Zero the callee's local frame.
                let lb = w.local_bytes as usize;
                for l in lanes_of(gm) {
                    let s = l * lb + new_lfp as usize;
                    w.local[s..s + f.local_frame as usize].fill(0);
                }
                Ok(Flow::Repick)
            }
            Op::Ret => {
                if gm == 0 {
                    set_pc(self, gi, pc + 1);
                    return Ok(Flow::Repick);
                }
                let gi = self.split_off(wi, gi, mask & !gm);
                let has_frame = self.warps[wi].groups[gi].stack.iter().any(|e| matches!(e, Entry::Ret(_)));
                if !has_frame {
                    self.exit_lanes(wi, gm);
                    return Ok(Flow::Repick);
                }
                let w = &mut self.warps[wi];
                // Drop convergence barriers opened in the callee that these lanes will never reach (their other
                // participants may be waiting for them: re-check those barriers below).
                let mut dropped = Vec::new();
                while let Some(Entry::Conv(b)) = w.groups[gi].stack.last() {
                    let b = *b;
                    w.bars[b as usize].participants &= !gm;
                    w.groups[gi].stack.pop();
                    dropped.push(b);
                }
                let Some(Entry::Ret(ri)) = w.groups[gi].stack.pop() else { unreachable!("checked above") };
                let f = &prog.funcs[ri.callee as usize];
                let call = &prog.insts[ri.call_pc as usize];
                let pb = w.param_bytes as usize;
                let callee_pfp = w.groups[gi].param_fp;
                if let Op::Call { rets, .. } = &call.op {
                    for (k, &(off, size)) in rets.iter().enumerate() {
                        let formal = &f.rets[k];
                        let n = size.min(formal.size) as usize;
                        for l in lanes_of(gm) {
                            let src = l * pb + (callee_pfp + formal.offset) as usize;
                            let dst = l * pb + (ri.param_fp + off) as usize;
                            w.params.copy_within(src..src + n, dst);
                        }
                    }
                }
                if let Some((regs, preds)) = &ri.saved {
                    let (r0, _) = f.regs;
                    let (p0, _) = f.preds;
                    for (k, v) in regs.iter().enumerate() {
                        if gm >> (k % 32) & 1 == 1 {
                            w.regs[r0 as usize * 32 + k] = *v;
                        }
                    }
                    for (k, v) in preds.iter().enumerate() {
                        let p = &mut w.preds[p0 as usize + k];
                        *p = (*p & !gm) | (v & gm);
                    }
                }
                let g = &mut w.groups[gi];
                g.pc = ri.ret_pc;
                g.local_fp = ri.local_fp;
                g.param_fp = ri.param_fp;
                for b in dropped {
                    self.try_release(wi, b);
                }
                Ok(Flow::Repick)
            }
            Op::Exit => {
                if gm == 0 {
                    set_pc(self, gi, pc + 1);
                } else {
                    set_pc(self, gi, pc + 1);
                    self.exit_lanes(wi, gm);
                }
                Ok(Flow::Repick)
            }
            Op::Trap => {
                if gm == 0 {
                    set_pc(self, gi, pc + 1);
                    return Ok(Flow::Repick);
                }
                Err(Failure {
                    msg: "trap executed".into(),
                    pc: Some(pc),
                    thread: Some(self.thread_of(wi, gm.trailing_zeros() as usize)),
                    details: Vec::new(),
                })
            }
            Op::Bar { kind, id, count, aligned } => self.bar_arrive(wi, gi, pc, mask, gm, *kind, *id, *count, *aligned),
            Op::WarpSync { mask: m }
            | Op::Shfl { mask: m, .. }
            | Op::Vote { mask: Some(m), .. }
            | Op::Match { mask: m, .. }
            | Op::Redux { mask: m, .. } => {
                let mut mv = [0u64; 32];
                let fr = self.warps[wi].groups[gi].frame();
                exec::fetch(&self.warps[wi], self.env, &self.mem, fr, *m, &mut mv);
                let mut members = 0u32;
                for l in lanes_of(mask) {
                    let ml = mv[l] as u32;
                    if ml >> l & 1 == 0 {
                        return Err(Failure {
                            msg: format!(
                                "lane {l} executes `{}` but is not in its member mask {ml:#010x}",
                                prog.line_text(inst.line)
                            ),
                            pc: Some(pc),
                            thread: Some(self.thread_of(wi, l)),
                            details: Vec::new(),
                        });
                    }
                    members |= ml;
                }
                let off = members & mask & !gm;
                if off != 0 && self.mem.san.as_deref().is_some_and(|s| s.kinds().sync) {
                    // Lanes named in the mask whose guard is false do not execute the instruction.
                    let id = self.warps[wi].id;
                    let (t, o) =
                        ((id * 32 + gm.trailing_zeros().min(31)) as u16, (id * 32 + off.trailing_zeros()) as u16);
                    if let Some(san) = self.mem.san.as_deref_mut() {
                        san.warp_sync_violation(pc, t, pc, o);
                    }
                }
                let w = &mut self.warps[wi];
                let need = members & !w.exited;
                if need & !mask != 0 {
                    // Wait for the other members to reach a collective of the same kind (anywhere: on sm_70 they
                    // need not be at the same instruction).
                    w.groups[gi].state = GState::WaitSync;
                    let kind = std::mem::discriminant(&inst.op);
                    let same: Vec<usize> = (0..w.groups.len())
                        .filter(|&i| {
                            w.groups[i].state == GState::WaitSync
                                && std::mem::discriminant(&prog.insts[w.groups[i].pc as usize].op) == kind
                        })
                        .collect();
                    let union = same.iter().fold(0u32, |m, &i| m | w.groups[i].mask);
                    // The instruction is re-issued when the collective completes; undo this issue's counts.
                    self.counters.warp_instructions -= 1;
                    self.counters.sass_instructions_estimate -= u64::from(inst.sass_cost);
                    self.counters.thread_instructions -= mask.count_ones() as u64;
                    self.counters.thread_instructions_nonpred -= gm.count_ones() as u64;
                    if need & !union == 0 {
                        self.joint_collective(wi, &same)?;
                    }
                    return Ok(Flow::Repick);
                }
                if let (Op::WarpSync { .. }, Some(san)) = (&inst.op, self.mem.san.as_deref_mut()) {
                    san.warp_barrier(wi as u32, need | gm);
                }
                if gm != 0 && !matches!(inst.op, Op::WarpSync { .. }) {
                    exec::exec(&mut self.warps[wi], self.env, &mut self.mem, fr, &inst.op, gm, &mut self.scratch)
                        .map_err(|e| self.fail(wi, pc, e))?;
                }
                set_pc(self, gi, pc + 1);
                Ok(Flow::Repick)
            }
            _ => unreachable!("control() is called on control instructions"),
        }
    }

    /// Completes a collective whose members wait in groups `members` (possibly at different instructions): one
    /// issue per group, every group continues after its own instruction.
    pub(super) fn joint_collective(&mut self, wi: usize, members: &[usize]) -> Result<(), Failure> {
        let prog = self.env.prog;
        let mut a_all = [0u64; 32];
        let mut p_all = 0u32;
        let mut all = 0u32;
        let mut issues = Vec::new();
        for &i in members {
            let g = &self.warps[wi].groups[i];
            let inst = &prog.insts[g.pc as usize];
            let gm = match inst.guard {
                None => g.mask,
                Some((p, neg)) => {
                    let m = self.warps[wi].preds[p as usize];
                    (if neg { !m } else { m }) & g.mask
                }
            };
            let fr = g.frame();
            match exec::collective_src(&inst.op) {
                Some(exec::CollectiveSrc::Value(s)) => {
                    let mut v = [0u64; 32];
                    exec::fetch(&self.warps[wi], self.env, &self.mem, fr, s, &mut v);
                    for l in lanes_of(gm) {
                        a_all[l] = v[l];
                    }
                }
                Some(exec::CollectiveSrc::Pred(p)) => p_all |= exec::pmask(&self.warps[wi], p) & gm,
                None => {}
            }
            all |= gm;
            issues.push((i, g.pc, g.mask, gm, fr));
        }
        if let Some(san) = self.mem.san.as_deref_mut() {
            if issues.iter().any(|x| matches!(prog.insts[x.1 as usize].op, Op::WarpSync { .. })) {
                san.warp_barrier(wi as u32, all);
            }
        }
        for (i, pc, mask, gm, fr) in issues {
            self.counters.warp_instructions += 1;
            self.counters.sass_instructions_estimate += u64::from(prog.insts[pc as usize].sass_cost);
            self.counters.thread_instructions += mask.count_ones() as u64;
            self.counters.thread_instructions_nonpred += gm.count_ones() as u64;
            let op = &prog.insts[pc as usize].op;
            exec::collective(&mut self.warps[wi], self.env, &self.mem, fr, op, gm, &a_all, p_all, all);
            let g = &mut self.warps[wi].groups[i];
            g.pc = pc + 1;
            g.state = GState::Ready;
        }
        // Members that continue at the same place with the same stack go on as one group (`__syncwarp`
        // reconverges them).
        let w = &mut self.warps[wi];
        let mut idx: Vec<usize> = members.to_vec();
        idx.sort_unstable();
        for k in (1..idx.len()).rev() {
            let (i, j) = (
                idx[k],
                (0..k).map(|x| idx[x]).find(|&j| {
                    let (a, b) = (&w.groups[j], &w.groups[idx[k]]);
                    a.pc == b.pc && a.stack == b.stack && a.local_fp == b.local_fp && a.param_fp == b.param_fp
                }),
            );
            if let Some(j) = j {
                let m = w.groups[i].mask;
                w.groups[j].mask |= m;
                w.groups.remove(i);
            }
        }
        w.cur = w.groups.len().saturating_sub(1);
        Ok(())
    }

    /// `vprintf(format, args)` for the lanes of `gm`, in lane order.
    fn vprintf(
        &mut self,
        wi: usize,
        gi: usize,
        gm: u32,
        args: &[(u32, u32)],
        rets: &[(u32, u32)],
    ) -> Result<(), String> {
        struct LaneMem<'a> {
            w: &'a Warp,
            env: &'a Env<'a>,
            mem: &'a CtaMem,
            lane: usize,
        }
        impl crate::printf::Reader for LaneMem<'_> {
            fn read(&self, addr: u64, size: u32) -> Option<u64> {
                exec::load(self.w, self.env, self.mem, self.lane, crate::ptx::ast::Space::Generic, addr, size).ok()
            }
        }
        let pfp = self.warps[wi].groups[gi].param_fp as usize;
        let pb = self.warps[wi].param_bytes as usize;
        for l in lanes_of(gm) {
            let w = &self.warps[wi];
            let arg = |k: usize| -> u64 {
                let at = l * pb + pfp + args[k].0 as usize;
                u64::from_le_bytes(w.params[at..at + 8].try_into().expect("8 bytes"))
            };
            let (fmt, argv) = (arg(0), arg(1));
            let reader = LaneMem { w, env: self.env, mem: &self.mem, lane: l };
            let (text, n) = crate::printf::format(&reader, fmt, argv)?;
            self.output.push_str(&text);
            let at = l * pb + pfp + rets[0].0 as usize;
            self.warps[wi].params[at..at + 4].copy_from_slice(&n.to_le_bytes());
        }
        Ok(())
    }
}
