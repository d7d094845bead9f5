//! Attributes: parameter, return and function attributes, and `attributes #N = { ... }` groups.

use super::*;

impl<'s> Parser<'s> {
    /// Parameter/return attributes (stops at the first token that is not one).
    pub(crate) fn param_attrs(&mut self, param_ty: Type) -> PResult<AttrSet> {
        let mut set = AttrSet::new();
        while let Some(a) = self.attribute(Some(param_ty), false)? {
            set.0.push(a);
        }
        Ok(set)
    }

    /// Parses one attribute if the current token starts one. `param_ty` is set in parameter position (where
    /// `align N` is an attribute); in function position `align` is the function alignment and is not taken.
    pub(crate) fn attribute(&mut self, param_ty: Option<Type>, in_group: bool) -> PResult<Option<Attribute>> {
        let sp = self.span();
        let name = match self.peek() {
            Some(Tok::Str(k)) => {
                let k = String::from_utf8_lossy(&k).into_owned();
                self.pos += 1;
                if self.eat(&Tok::Eq) {
                    let v = self.expect_string_utf8()?;
                    return Ok(Some(Attribute::Str(k.into(), Some(v.into()))));
                }
                return Ok(Some(Attribute::Str(k.into(), None)));
            }
            Some(Tok::Ident(s)) => s,
            _ => return Ok(None),
        };
        const FLAGS: &[&str] = &[
            "noundef",
            "nonnull",
            "noalias",
            "nocapture",
            "readonly",
            "writeonly",
            "readnone",
            "returned",
            "signext",
            "zeroext",
            "inreg",
            "nest",
            "swiftself",
            "swifterror",
            "swiftasync",
            "immarg",
            "nofree",
            "nosync",
            "noinline",
            "alwaysinline",
            "convergent",
            "mustprogress",
            "norecurse",
            "nounwind",
            "willreturn",
            "optnone",
            "cold",
            "hot",
            "noreturn",
            "speculatable",
            "nocallback",
            "noduplicate",
            "nomerge",
            "builtin",
            "nobuiltin",
            "minsize",
            "optsize",
            "strictfp",
            "returns_twice",
            "inlinehint",
            "naked",
            "sanitize_address",
            "sanitize_memory",
            "sanitize_thread",
            "sanitize_hwaddress",
            "sanitize_memtag",
            "ssp",
            "sspreq",
            "sspstrong",
            "noimplicitfloat",
            "nonlazybind",
            "null_pointer_is_valid",
            "dead_on_unwind",
            "writable",
            "noprofile",
            "skipprofile",
            "nosanitize_coverage",
            "nosanitize_bounds",
            "presplitcoroutine",
            "allocptr",
            "disable_sanitizer_instrumentation",
            "fn_ret_thunk_extern",
            "coro_only_destroy_when_complete",
            "coro_elide_safe",
            "hybrid_patchable",
            "nocf_check",
            "shadowcallstack",
            "speculative_load_hardening",
            "jumptable",
            "safestack",
            "argmemonly",
            "inaccessiblememonly",
            "inaccessiblemem_or_argmemonly",
            "no_sanitize_address",
            "no_sanitize_hwaddress",
            "noredzone",
            "noundef",
            "sanitize_numerical_stability",
            "optforfuzzing",
            "nocallback",
        ];
        const INTS: &[&str] = &["dereferenceable", "dereferenceable_or_null", "alignstack"];
        const TYPED: &[&str] = &["byval", "byref", "sret", "inalloca", "preallocated", "elementtype"];
        const RAW: &[&str] = &[
            "memory",
            "nofpclass",
            "allocsize",
            "uwtable",
            "initializes",
            "captures",
            "vscale_range",
            "allockind",
            "allocalign",
            "denormal_fpenv",
        ];
        if FLAGS.contains(&name) {
            self.pos += 1;
            return Ok(Some(Attribute::Flag(name.into())));
        }
        if name == "align" {
            if param_ty.is_none() && !in_group {
                return Ok(None);
            }
            self.pos += 1;
            let v = if self.eat(&Tok::LParen) {
                let v = self.expect_u64()?;
                self.expect(&Tok::RParen)?;
                v
            } else {
                // `align N` in parameter position, `align=N` inside attribute groups.
                if in_group {
                    self.eat(&Tok::Eq);
                }
                self.expect_u64()?
            };
            if !v.is_power_of_two() {
                return self.err_at(sp, "alignment is not a power of two");
            }
            return Ok(Some(Attribute::Int("align".into(), v)));
        }
        if name == "alignstack" && in_group && self.kind_at(1) == Some(Kind::Eq) {
            self.pos += 2;
            let v = self.expect_u64()?;
            return Ok(Some(Attribute::Int("alignstack".into(), v)));
        }
        if INTS.contains(&name) {
            self.pos += 1;
            let v = self.paren_u64()?;
            return Ok(Some(Attribute::Int(name.into(), v)));
        }
        if TYPED.contains(&name) {
            self.pos += 1;
            if self.eat(&Tok::LParen) {
                let t = self.parse_type()?;
                self.expect(&Tok::RParen)?;
                return Ok(Some(Attribute::Type(name.into(), t)));
            }
            // LLVM 12-14 typed-pointer IR: `%struct.S* byval` takes the pointee.
            return match (param_ty, self.last_pointee) {
                (Some(_), Some(p)) => Ok(Some(Attribute::Type(name.into(), p))),
                _ => self.err_at(sp, format!("'{name}' needs a type: {name}(T)")),
            };
        }
        if name == "range" {
            self.pos += 1;
            self.expect(&Tok::LParen)?;
            let t = self.parse_type()?;
            let w = match self.m.types.int_width(t) {
                Some(w) => w,
                None => return self.err_at(sp, "range attribute needs an integer type"),
            };
            let lo = self.int_literal(w)?;
            self.expect(&Tok::Comma)?;
            let hi = self.int_literal(w)?;
            self.expect(&Tok::RParen)?;
            return Ok(Some(Attribute::Range(t, lo, hi)));
        }
        if RAW.contains(&name) {
            self.pos += 1;
            let start = sp.start;
            if self.at(Kind::LParen) {
                self.skip_balanced_parens()?;
            }
            let end = self.prev_span().end;
            return Ok(Some(Attribute::Raw(self.src[start..end].into())));
        }
        Ok(None)
    }

    pub(super) fn paren_u64(&mut self) -> PResult<u64> {
        self.expect(&Tok::LParen)?;
        let v = self.expect_u64()?;
        self.expect(&Tok::RParen)?;
        Ok(v)
    }

    /// Skips a balanced `( ... )` group starting at the current `(`.
    pub(crate) fn skip_balanced_parens(&mut self) -> PResult<()> {
        let open = self.span();
        self.expect(&Tok::LParen)?;
        let mut depth = 1;
        while depth > 0 {
            match self.bump() {
                Some(Tok::LParen) => depth += 1,
                Some(Tok::RParen) => depth -= 1,
                Some(_) => {}
                None => return self.err_at(open, "unbalanced '('"),
            }
        }
        Ok(())
    }

    /// Function attributes after a signature or call: keywords, strings and `#N` references.
    pub(super) fn fn_attrs(&mut self, target: Option<AttrTarget>) -> PResult<AttrSet> {
        let mut set = AttrSet::new();
        loop {
            if let Some(Tok::AttrGroup(n)) = self.peek() {
                let sp = self.span();
                self.pos += 1;
                if let Some(t) = target {
                    self.attr_fixups.push((t, n, sp));
                }
                continue;
            }
            match self.attribute(None, false)? {
                Some(a) => set.0.push(a),
                None => break,
            }
        }
        Ok(set)
    }

    pub(super) fn attribute_group(&mut self) -> PResult<()> {
        self.expect_ident("attributes")?;
        let sp = self.span();
        let n = match self.bump() {
            Some(Tok::AttrGroup(n)) => n,
            _ => return self.err_at(sp, "expected attribute group id"),
        };
        self.expect(&Tok::Eq)?;
        self.expect(&Tok::LBrace)?;
        let mut set = AttrSet::new();
        while !self.eat(&Tok::RBrace) {
            match self.attribute(Some(Type::VOID), true)? {
                // `set`: a repeated key keeps its last value, as applying the group one attribute at a time
                // did (the group is then copied whole onto a target without attributes).
                Some(a) => set.set(a),
                None => {
                    let f = self.found();
                    return self.err(format!("unknown attribute {f}"));
                }
            }
        }
        if self.attr_groups.insert(n, set).is_some() {
            return self.err_at(sp, format!("redefinition of attribute group #{n}"));
        }
        Ok(())
    }
}
