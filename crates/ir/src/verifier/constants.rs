//! Constants: every constant reachable from a global, a metadata node or a function is well typed (memoized, with
//! a depth guard against corrupt pools).

use super::*;

impl Verifier<'_> {
    /// Checks a constant (memoized). A constant found bad is reported once: later checks of it succeed.
    pub(super) fn check_const(&mut self, c: ConstId) -> Result<(), String> {
        self.check_const_depth(c, 0)
    }

    pub(super) fn check_const_depth(&mut self, c: ConstId, depth: u32) -> Result<(), String> {
        if c.index() >= self.m.consts.len() {
            return Err(format!("constant {c} does not exist"));
        }
        match self.const_state[c.index()] {
            ConstState::Good | ConstState::Bad => return Ok(()),
            ConstState::InProgress => return Err(format!("constant {c} refers to itself")),
            ConstState::Unvisited => {}
        }
        if depth > MAX_CONST_DEPTH {
            return Err("constant nesting is too deep".into());
        }
        self.const_state[c.index()] = ConstState::InProgress;
        let r = self.const_problem(c, depth);
        self.const_state[c.index()] = if r.is_ok() { ConstState::Good } else { ConstState::Bad };
        r
    }

    /// Checks the elements of an aggregate constant against the expected element types.
    pub(super) fn check_elements(
        &mut self,
        elems: &[ConstId],
        expected: impl Fn(usize) -> Type,
        depth: u32,
    ) -> Result<(), String> {
        let m = self.m;
        for (k, &e) in elems.iter().enumerate() {
            if e.index() >= m.consts.len() {
                return Err(format!("element {k} ({e}) does not exist"));
            }
            let (got, want) = (m.consts.ty(e), expected(k));
            if got != want {
                return Err(format!(
                    "element {k} has type {} but the aggregate expects {}",
                    type_name(&m.types, got),
                    type_name(&m.types, want)
                ));
            }
            self.check_const_depth(e, depth + 1).map_err(|err| format!("element {k}: {err}"))?;
        }
        Ok(())
    }

    pub(super) fn const_problem(&mut self, c: ConstId, depth: u32) -> Result<(), String> {
        let m = self.m;
        let ts = &m.types;
        let d = m.consts.data(c);
        let ty = d.ty();
        if ty.index() >= ts.len() {
            return Err(format!("constant type {ty} does not exist"));
        }
        let tn = |t: Type| type_name(ts, t);
        match d {
            ConstData::Int(t, v) => {
                if ts.int_width(*t) != Some(v.width()) {
                    return Err(format!("integer constant of width {} has type {}", v.width(), tn(*t)));
                }
            }
            ConstData::Float(t, _) => {
                if !ts.is_float(*t) {
                    return Err(format!("floating-point constant has non-float type {}", tn(*t)));
                }
            }
            ConstData::Null(t) => {
                if !ts.is_ptr(*t) {
                    return Err(format!("null constant must have a pointer type, got {}", tn(*t)));
                }
            }
            ConstData::Undef(t) | ConstData::Poison(t) | ConstData::Zero(t) => {
                if matches!(ts.data(*t), TypeData::Void | TypeData::Func { .. } | TypeData::Label) {
                    return Err(format!("constant cannot have type {}", tn(*t)));
                }
            }
            ConstData::NoneToken => {}
            ConstData::Array(t, elems) => {
                let TypeData::Array { len, elem } = *ts.data(*t) else {
                    return Err(format!("array constant has non-array type {}", tn(*t)));
                };
                if elems.len() as u64 != len {
                    return Err(format!(
                        "array constant has {} elements but its type {} has {len}",
                        elems.len(),
                        tn(*t)
                    ));
                }
                self.check_elements(elems, |_| elem, depth)?;
            }
            ConstData::Struct(t, elems) => {
                let Some(fields) = ts.struct_fields(*t) else {
                    return Err(format!("struct constant has non-struct (or opaque) type {}", tn(*t)));
                };
                if elems.len() != fields.len() {
                    return Err(format!(
                        "struct constant has {} fields but its type {} has {}",
                        elems.len(),
                        tn(*t),
                        fields.len()
                    ));
                }
                self.check_elements(elems, |k| fields[k], depth)?;
            }
            ConstData::Vector(t, elems) => {
                let TypeData::Vector { len, elem, scalable } = *ts.data(*t) else {
                    return Err(format!("vector constant has non-vector type {}", tn(*t)));
                };
                if scalable || elems.len() != len as usize {
                    return Err(format!("vector constant has {} elements but its type is {}", elems.len(), tn(*t)));
                }
                self.check_elements(elems, |_| elem, depth)?;
            }
            ConstData::Bytes(t, bytes) => match *ts.data(*t) {
                TypeData::Array { len, elem } if elem == Type::I8 => {
                    if bytes.len() as u64 != len {
                        return Err(format!("byte string has {} bytes but its type is {}", bytes.len(), tn(*t)));
                    }
                }
                _ => return Err(format!("byte string constant must have type [N x i8], got {}", tn(*t))),
            },
            ConstData::Global(t, r) => {
                let Some(aspace) = ts.ptr_addrspace(*t) else {
                    return Err(format!("global address constant must have a pointer type, got {}", tn(*t)));
                };
                let (name, want_as) = match *r {
                    GlobalRef::Var(g) => {
                        if !self.live_globals.get(g.index()).copied().unwrap_or(false) {
                            return Err(match m.globals.get(g) {
                                Some(gv) => {
                                    format!("global address refers to removed global @{}", gv.name)
                                }
                                None => format!("global address refers to nonexistent global {g}"),
                            });
                        }
                        (&m.globals[g].name, m.globals[g].addrspace)
                    }
                    GlobalRef::Func(f) => {
                        if !self.live_funcs.get(f.index()).copied().unwrap_or(false) {
                            return Err(match m.funcs.get(f) {
                                Some(fv) => format!("global address refers to removed function @{}", fv.name),
                                None => {
                                    format!("global address refers to nonexistent function {f}")
                                }
                            });
                        }
                        (&m.funcs[f].name, m.funcs[f].addrspace.unwrap_or(0))
                    }
                };
                if aspace != want_as {
                    return Err(format!(
                        "address of @{name} has type {} but @{name} is in address space {want_as}",
                        tn(*t)
                    ));
                }
            }
            ConstData::Expr { ty, op, operands } => {
                for (k, &o) in operands.iter().enumerate() {
                    if o.index() >= m.consts.len() {
                        return Err(format!("constant expression operand {k} ({o}) does not exist"));
                    }
                    self.check_const_depth(o, depth + 1).map_err(|e| format!("operand {k}: {e}"))?;
                }
                let oty = |k: usize| m.consts.ty(operands[k]);
                let problem = match op {
                    ConstExprOp::Cast(cop) => {
                        if operands.len() != 1 {
                            return Err(format!("constant {cop} expression must have 1 operand"));
                        }
                        cast_problem(ts, *cop, oty(0), *ty)
                    }
                    ConstExprOp::Binary(bop, _) => {
                        if operands.len() != 2 {
                            return Err(format!("constant {bop} expression must have 2 operands"));
                        }
                        binary_problem(ts, *bop, oty(0), oty(1), *ty)
                    }
                    ConstExprOp::Gep { source_ty, .. } => {
                        if operands.is_empty() {
                            return Err("constant getelementptr expression needs a base operand".into());
                        }
                        if source_ty.index() >= ts.len() {
                            return Err(format!("getelementptr source type {source_ty} does not exist"));
                        }
                        let idx: SmallVec<[(Type, Option<u64>); 4]> =
                            operands[1..].iter().map(|&o| (m.consts.ty(o), const_index_value(m, o))).collect();
                        gep_problem(ts, *source_ty, oty(0), &idx, *ty)
                    }
                };
                if let Some(p) = problem {
                    return Err(format!("invalid constant expression: {p}"));
                }
            }
        }
        Ok(())
    }
}
