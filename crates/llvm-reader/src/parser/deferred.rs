//! Function bodies read on several threads.
//!
//! The top-level parse skips each function body (its tokens up to the matching `}`), so that types, globals,
//! declarations, attribute groups and metadata are all known when the bodies are read. The bodies are then read
//! on up to `threads` threads, each thread with a private copy of the parser (module tables included) taken after
//! the top-level parse, and put into the module one after another in module order by the calling thread, between
//! the bodies it reads itself (an ordered pipeline, [`simtc_ir::ordered`]):
//!
//! - A body may add constants and literal types to its thread's copies of the constant pool and the type store:
//!   what its reading created is interned into the module's tables, in creation order, when it is put in, and
//!   the function's ids are renamed (`DataFlowGraph::remap_consts`, `remap_types`), so the module's tables get
//!   the same entries in the same order whichever thread read which body, and with one thread as with many.
//! - A body that changes anything else shared (a named struct type, a metadata node or attachment kind, a
//!   placeholder for an undefined global, a pending check) is read again on the calling thread when its turn
//!   comes, against the module as it is at that point, as the plain parse would read it; its thread starts over
//!   from a fresh copy. Attachment kinds are interned by the pre-scan, so `!tbaa` and the like do not
//!   count.
//! - Any error, in the top-level parse or in a body, makes the caller read the whole text again the plain way
//!   (bodies where they stand), so diagnostics come in llvm-as' order.
//!
//! One thread reads the bodies in place, one after another, once the top level is read; the threads' results
//! are made equal to that: a function's new constants and types are interned in the order its reading created
//! them ([`simtc_ir::import`]), so the module's tables grow as if the bodies had been read in order against
//! them.
//!
//! Invariant: the module is identical for any number of threads (entity ids, instruction and value numbering,
//! constant pool order, types, metadata).

use super::body::LocalKey;
use super::{AttrTarget, PResult, Parser};
use crate::diag::Diagnostic;
use crate::lexer::Kind;
use rustc_hash::FxHashMap;
use simtc_ir::import::{import_function, ImportMemo};
use simtc_ir::*;
use std::ops::Range;

/// A function body skipped by the top-level parse.
#[derive(Clone)]
pub(crate) struct DeferredBody<'s> {
    fid: FuncId,
    /// The parameters' names as written in the header, with their spans.
    pnames: Vec<(Option<LocalKey<'s>>, Range<usize>)>,
    /// The token index of the body's `{`.
    start: usize,
    /// The token index just after its `}`.
    end: usize,
}

/// What reading one body on a thread gave.
enum Outcome {
    /// The function, the attribute groups its calls name, which copy of the tables (thread, generation) its ids
    /// refer to, and the types and constants its reading created in that copy, in creation order.
    Read {
        f: Box<Function>,
        fixups: Vec<(AttrTarget, u32, Range<usize>)>,
        copy: (usize, usize),
        new_types: Vec<(Type, TypeData)>,
        new_consts: Vec<(ConstId, ConstData)>,
    },
    /// The body touched shared tables: read it again on the calling thread in module order.
    Again,
    /// The body did not parse (the caller reads the whole text again for the diagnostic).
    Failed(Diagnostic),
}

/// The sizes of every shared table a body could add to besides the constant pool.
type Marks = [usize; 17];

/// A thread's reading state: its copy of the parser, the copy's generation (a thread starts a fresh copy after
/// a body that changed shared tables), and the marks of a fresh copy.
struct Reader<'s> {
    w: Parser<'s>,
    thread: usize,
    generation: usize,
    marks: Marks,
}

impl<'s> Parser<'s> {
    /// Skips the body at the current token (`{` ... matching `}`, as the pre-scan found it) and records it for
    /// [`Parser::read_deferred`].
    pub(crate) fn defer_body(&mut self, fid: FuncId, pnames: Vec<(Option<LocalKey<'s>>, Range<usize>)>) -> PResult<()> {
        if !self.at(Kind::LBrace) {
            return self.expected("'{'");
        }
        let start = self.pos;
        // The pre-scan found the group's end (and interned its attachment kinds).
        while self.body_spans.get(self.body_span_next).is_some_and(|&(s, _)| s < start) {
            self.body_span_next += 1;
        }
        match self.body_spans.get(self.body_span_next) {
            Some(&(s, end)) if s == start => {
                self.body_span_next += 1;
                self.pos = end;
                if let Some(d) = &mut self.deferred {
                    d.push(DeferredBody { fid, pnames, start, end });
                }
                Ok(())
            }
            _ => self.err("found end of file: the function body is not closed by '}'"),
        }
    }

    /// A private copy of the parser for reading bodies on another thread: the module's tables and the
    /// top-level maps, no per-body state, no deferred list.
    fn fork(&self) -> Parser<'s> {
        Parser {
            m: self.m.clone(),
            global_names: self.global_names.clone(),
            global_nums: self.global_nums.clone(),
            defined: self.defined.clone(),
            md_nums: self.md_nums.clone(),
            md_defined: self.md_defined.clone(),
            md_first_use: self.md_first_use.clone(),
            numbered_types: self.numbered_types.clone(),
            type_defined: self.type_defined.clone(),
            type_first_use: self.type_first_use.clone(),
            undefined_globals: self.undefined_globals.clone(),
            undefined_index: self.undefined_index.clone(),
            ..Parser::new(self.src, self.toks.clone(), false)
        }
    }

    fn marks(&self) -> Marks {
        [
            self.m.types.num_named(),
            self.m.metadata.len(),
            self.m.metadata.num_kinds(),
            self.m.metadata.named.len(),
            self.m.globals.len(),
            self.m.funcs.len(),
            self.global_names.len(),
            self.global_nums.len(),
            self.undefined_globals.len(),
            self.md_nums.len(),
            self.md_first_use.len(),
            self.type_first_use.len(),
            self.type_defined.len(),
            self.numbered_types.len(),
            self.comdat_uses.len(),
            self.pending_calls.len(),
            self.m.comdats.len(),
        ]
    }

    /// Reads the bodies the top-level parse skipped (see the module doc) and puts them into the module; returns
    /// how many were read again on the calling thread.
    pub(crate) fn read_deferred(&mut self, threads: usize) -> PResult<usize> {
        let bodies = self.deferred.take().unwrap_or_default();
        let threads = threads.clamp(1, bodies.len().max(1));
        // One thread reads every body in place, in order: what the threads' results are made equal to. So do
        // placeholders for undefined globals, which later uses update.
        if threads == 1 || !self.undefined_globals.is_empty() {
            for b in bodies {
                self.read_in_place(b)?;
            }
            self.pos = self.toks.len();
            return Ok(0);
        }
        // The other threads copy this template (taken before any body is read); the calling thread reads bodies
        // too, and between them puts the finished ones into the module in module order.
        let template = self.fork();
        let base = (self.m.consts.len(), self.m.types.len());
        let mut memos: FxHashMap<(usize, usize), ImportMemo> = FxHashMap::default();
        let mut again = 0;
        let new_reader = |thread: usize| {
            let w = template.fork();
            let marks = w.marks();
            Reader { w, thread, generation: 0, marks }
        };
        simtc_ir::ordered::run(
            bodies.len(),
            threads,
            new_reader,
            |r: &mut Reader<'s>, i| r.read_one(&template, &bodies[i]),
            |i, o| {
                let b = &bodies[i];
                match o {
                    Outcome::Read { f, fixups, copy, new_types, new_consts } => {
                        let mut f = *f;
                        let memo = memos.entry(copy).or_default();
                        let (consts, types) = (&mut self.m.consts, &mut self.m.types);
                        import_function(&mut f, consts, types, base, new_types, new_consts, memo);
                        self.m.funcs[b.fid] = f;
                        self.attr_fixups.extend(fixups);
                        Ok(())
                    }
                    Outcome::Again => {
                        again += 1;
                        self.read_in_place(b.clone())
                    }
                    Outcome::Failed(d) => Err(d),
                }
            },
        )?;
        self.pos = self.toks.len();
        Ok(again)
    }

    /// Reads body `b` on this parser (the module's), where it stands in module order.
    fn read_in_place(&mut self, b: DeferredBody<'s>) -> PResult<()> {
        self.pos = b.start;
        self.function_body(b.fid, b.pnames)?;
        if self.pos != b.end {
            return self.err("function body ends elsewhere than its braces");
        }
        Ok(())
    }
}

impl<'s> Reader<'s> {
    /// Reads body `b` on this thread's copy (a fresh copy of `template` replaces it after a body that changed
    /// shared tables).
    fn read_one(&mut self, template: &Parser<'s>, b: &DeferredBody<'s>) -> Outcome {
        let w = &mut self.w;
        w.pos = b.start;
        let before = (w.m.consts.len(), w.m.types.len());
        // The header stays in the copy for the bodies that call this function.
        let header = w.m.funcs[b.fid].clone();
        match w.function_body(b.fid, b.pnames.clone()) {
            Ok(()) if w.pos != b.end => {
                Outcome::Failed(Diagnostic::error(w.span(), "function body ends elsewhere than its braces"))
            }
            Ok(()) if w.marks() == self.marks => {
                let f = std::mem::replace(&mut w.m.funcs[b.fid], header);
                let new_types =
                    (before.1..w.m.types.len()).map(|i| (Type::new(i), w.m.types.data(Type::new(i)).clone())).collect();
                let new_consts = (before.0..w.m.consts.len())
                    .map(|i| (ConstId::new(i), w.m.consts.data(ConstId::new(i)).clone()))
                    .collect();
                Outcome::Read {
                    f: Box::new(f),
                    fixups: std::mem::take(&mut w.attr_fixups),
                    copy: (self.thread, self.generation),
                    new_types,
                    new_consts,
                }
            }
            Ok(()) => {
                // Shared tables changed: this body is read again in order, and this thread starts over.
                self.w = template.fork();
                self.generation += 1;
                Outcome::Again
            }
            Err(d) => Outcome::Failed(d),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{lexer, parse, parse_deferred};
    use simtc_ir::writer::write_module;
    use simtc_ir::Module;
    use std::sync::Arc;

    fn deferred(src: &str, threads: usize) -> (Module, usize) {
        let toks = Arc::new(lexer::lex_raw(src).expect("lexes"));
        parse_deferred(src, toks, threads).unwrap_or_else(|d| panic!("deferred read failed: {d:?}"))
    }

    /// Everything of two modules that numbering could change: the text, and the constant pools and type stores
    /// entry by entry.
    fn assert_same(a: &Module, b: &Module, what: &str) {
        assert_eq!(write_module(a), write_module(b), "{what}: text");
        assert_eq!(a.consts.len(), b.consts.len(), "{what}: constants");
        for i in 0..a.consts.len() {
            let c = simtc_ir::ConstId::from_u32(i as u32);
            assert_eq!(a.consts.data(c), b.consts.data(c), "{what}: constant {i}");
        }
        assert_eq!(a.types.len(), b.types.len(), "{what}: types");
        for t in a.types.ids() {
            assert_eq!(a.types.data(t), b.types.data(t), "{what}: type {t:?}");
        }
    }

    /// Forty functions whose bodies add literal types, constants (nested ones, constant expressions, `switch`
    /// cases, metadata operands), call attribute groups, call functions defined later and themselves; one calls
    /// an undeclared intrinsic (a placeholder: read again in order).
    fn many_functions() -> String {
        let mut s = String::from(
            "%struct.S = type { i32, float }\n@g = global [64 x i8] zeroinitializer\n\
             declare void @llvm.nvvm.barrier0() #0\n",
        );
        for k in 0..40 {
            let next = (k + 1) % 40;
            s.push_str(&format!(
                "define i32 @f{k}(i32 %x, ptr %p) {{\n\
                 entry:\n\
                 \x20 %a = alloca [{n} x i32], align 4\n\
                 \x20 %s = alloca %struct.S, align 4\n\
                 \x20 %v = add <2 x i32> <i32 {k}, i32 {k1}>, <i32 7, i32 {k2}>\n\
                 \x20 %e = extractelement <2 x i32> %v, i32 1\n\
                 \x20 %q = getelementptr i8, ptr getelementptr (i8, ptr @g, i64 {k}), i64 {k3}\n\
                 \x20 %c = cmpxchg ptr %p, i32 %x, i32 {k4} seq_cst seq_cst\n\
                 \x20 %c0 = extractvalue {{ i32, i1 }} %c, 0\n\
                 \x20 %l = load i32, ptr %q, align 4, !tbaa !0\n\
                 \x20 %f = fadd float 0x3FF{k:02X}00000000000, 1.5\n\
                 \x20 call void @llvm.nvvm.barrier0() #0\n\
                 \x20 %r = call i32 @f{next}(i32 %l, ptr %p)\n\
                 \x20 switch i32 %x, label %out [\n\
                 \x20   i32 {k5}, label %one\n\
                 \x20   i32 {k6}, label %out\n\
                 \x20 ]\n\
                 one:\n\
                 \x20 %self = call i32 @f{k}(i32 %e, ptr %p)\n\
                 \x20 br label %out\n\
                 out:\n\
                 \x20 %m = phi i32 [ %r, %entry ], [ %self, %one ], [ %r, %entry ]\n\
                 \x20 %t = add i32 %m, %c0\n\
                 \x20 ret i32 %t\n\
                 }}\n",
                n = k % 5 + 2,
                k1 = k + 1,
                k2 = 1000 + k * 3,
                k3 = k * 4,
                k4 = 77 + k,
                k5 = 100 + k,
                k6 = 200 + k % 3,
            ));
        }
        s.push_str(
            "define void @late() {\n  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  ret void\n}\n\
             attributes #0 = { convergent nounwind }\n\
             !0 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !2, i64 0}\n!2 = !{!\"tbaa root\"}\n",
        );
        s
    }

    #[test]
    fn same_module_for_any_thread_count_and_as_read_in_place() {
        let src = many_functions();
        let (plain, _) = parse(&src, false, None).expect("plain read");
        // One thread reads every body in place, after the top level.
        let (one, again) = deferred(&src, 1);
        assert_eq!(again, 0);
        assert_eq!(write_module(&plain), write_module(&one));
        for threads in [2, 3, 8] {
            let (m, again) = deferred(&src, threads);
            // Only the body calling an undeclared intrinsic is read again.
            assert_eq!(again, 1);
            assert_same(&one, &m, &format!("{threads} threads"));
        }
    }

    #[test]
    fn examples_read_without_falling_back() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/kernels");
        let mut n = 0;
        for e in std::fs::read_dir(&dir).expect("examples") {
            let path = e.expect("entry").path();
            if path.extension().is_none_or(|x| x != "ll") {
                continue;
            }
            let src = std::fs::read_to_string(&path).expect("read");
            let name = path.display().to_string();
            let (plain, _) = parse(&src, false, None).expect("plain read");
            let (one, _) = deferred(&src, 1);
            assert_eq!(write_module(&plain), write_module(&one), "{name}");
            let (four, again) = deferred(&src, 4);
            assert_eq!(again, 0, "{name}: a body was read again");
            assert_same(&one, &four, &name);
            n += 1;
        }
        assert!(n >= 20, "only {n} examples found in {}", dir.display());
    }

    #[test]
    fn mutated_examples_read_alike_on_any_number_of_threads() {
        // Damaged texts (cut, spliced, extra braces, undeclared names and metadata): one thread, several, and the
        // plain read agree on the module text or on the diagnostic.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/kernels");
        let mut srcs: Vec<String> = std::fs::read_dir(&dir)
            .expect("examples")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ll"))
            .map(|p| std::fs::read_to_string(p).expect("read"))
            .filter(|s| s.matches("\ndefine ").count() >= 2)
            .collect();
        srcs.sort();
        assert!(!srcs.is_empty());
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n.max(1) as u64) as usize
        };
        let pieces = ["}", "{", "%0", "@f", "!1", " i32 7", ", !tbaa !99", "\n", "undef", "call void @llvm.x()\n"];
        for _ in 0..150 {
            let mut s = srcs[next(srcs.len())].clone();
            for _ in 0..1 + next(3) {
                let mut i = next(s.len());
                while !s.is_char_boundary(i) {
                    i -= 1;
                }
                match next(3) {
                    0 => {
                        let mut e = (i + 1 + next(20)).min(s.len());
                        while !s.is_char_boundary(e) {
                            e -= 1;
                        }
                        s.replace_range(i..e, "");
                    }
                    1 => s.insert_str(i, pieces[next(pieces.len())]),
                    _ => {
                        let mut j = next(s.len());
                        while !s.is_char_boundary(j) {
                            j -= 1;
                        }
                        let mut e = (j + 40).min(s.len());
                        while !s.is_char_boundary(e) {
                            e -= 1;
                        }
                        let piece = s[j..e].to_string();
                        s.insert_str(i, &piece);
                    }
                }
            }
            let show = |r: &Result<(simtc_ir::Module, Option<super::super::SourceMap>), crate::Diagnostic>| match r {
                Ok((m, _)) => write_module(m),
                Err(d) => format!("{:?} {}", d.span, d.message),
            };
            let plain = show(&parse(&s, false, None));
            for threads in [1, 3] {
                assert_eq!(show(&parse(&s, false, Some(threads))), plain, "{threads} threads on:\n{s}");
            }
        }
    }

    #[test]
    fn errors_are_reported_as_the_plain_read_reports_them() {
        let body_error = "define void @a() {\n  %x = add i32 1\n  ret void\n}\n@g = global i32 undefined_thing\n";
        let top_error = "@g = global i32 undefined_thing\ndefine void @a() {\n  %x = add i32 1\n  ret void\n}\n";
        let undefined =
            "define void @a() {\n  call void @nowhere()\n  ret void\n}\ndefine void @b() {\n  ret void\n}\n";
        for src in [body_error, top_error, undefined] {
            let plain = parse(src, false, None).expect_err("plain read fails");
            for threads in [1, 2] {
                let got = parse(src, false, Some(threads)).expect_err("fails");
                assert_eq!(got.span, plain.span, "{src}");
                assert_eq!(got.message, plain.message, "{src}");
            }
        }
    }
}
