//! Metadata: numbered and named nodes, specialized `DI*` nodes, references.

use super::{PResult, Parser};
use crate::lexer::Tok;
use simtc_ir::*;
use std::borrow::Cow;

impl Parser<'_> {
    /// The node for `!N`, created empty on first reference.
    fn md_num(&mut self, n: u32, span: std::ops::Range<usize>) -> MdId {
        if let Some(&id) = self.md_nums.get(&n) {
            return id;
        }
        let id = self.m.metadata.push(MdNode::Tuple { distinct: false, ops: Vec::new() });
        self.md_nums.insert(n, id);
        self.md_first_use.entry(n).or_insert(span);
        id
    }

    /// `!N = [distinct] !{...}` or `!N = [distinct] !DIKind(...)`.
    pub(crate) fn metadata_definition(&mut self) -> PResult<()> {
        let sp = self.span();
        let n = match self.bump() {
            Some(Tok::MetaNum(n)) => n,
            _ => unreachable!(),
        };
        self.expect(&Tok::Eq)?;
        let id = self.md_num(n, sp.clone());
        if !self.md_defined.insert(n) {
            return self.err_at(sp, format!("metadata id '!{n}' is already defined"));
        }
        let distinct = self.eat_ident("distinct");
        let node = self.md_node_body(distinct)?;
        self.m.metadata.set(id, node);
        Ok(())
    }

    /// `!name = !{!0, !1}`.
    pub(crate) fn named_metadata(&mut self) -> PResult<()> {
        let name = match self.bump() {
            Some(Tok::MetaName(n)) => n,
            _ => unreachable!(),
        };
        self.expect(&Tok::Eq)?;
        self.expect(&Tok::Exclaim)?;
        self.expect(&Tok::LBrace)?;
        let mut ops = Vec::new();
        if !self.eat(&Tok::RBrace) {
            loop {
                let sp = self.span();
                match self.peek() {
                    Some(Tok::MetaNum(n)) => {
                        self.pos += 1;
                        ops.push(self.md_num(n, sp));
                    }
                    Some(Tok::MetaName(k)) if k.starts_with("DI") => {
                        let node = self.md_node_body(false)?;
                        ops.push(self.m.metadata.push(node));
                    }
                    Some(Tok::Exclaim) => {
                        let node = self.md_node_body(false)?;
                        ops.push(self.m.metadata.push(node));
                    }
                    _ => return self.expected("metadata node"),
                }
                if self.eat(&Tok::RBrace) {
                    break;
                }
                self.expect(&Tok::Comma)?;
            }
        }
        self.m.metadata.named.push((name.to_string(), ops));
        Ok(())
    }

    /// A node body at `!{` or `!DIKind(`.
    fn md_node_body(&mut self, distinct: bool) -> PResult<MdNode> {
        self.enter("metadata")?;
        let r = self.md_node_body_inner(distinct);
        self.nesting = self.nesting.saturating_sub(1);
        r
    }

    fn md_node_body_inner(&mut self, distinct: bool) -> PResult<MdNode> {
        match self.peek() {
            Some(Tok::Exclaim) => {
                self.pos += 1;
                self.expect(&Tok::LBrace)?;
                let mut ops = Vec::new();
                if !self.eat(&Tok::RBrace) {
                    loop {
                        ops.push(self.md_operand()?);
                        if self.eat(&Tok::RBrace) {
                            break;
                        }
                        self.expect(&Tok::Comma)?;
                    }
                }
                Ok(MdNode::Tuple { distinct, ops })
            }
            Some(Tok::MetaName(kind)) => {
                let sp = self.span();
                self.pos += 1;
                // The specialized node classes LLVM 19's parser knows.
                const KINDS: &[&str] = &[
                    "DILocation",
                    "GenericDINode",
                    "DISubrange",
                    "DIGenericSubrange",
                    "DIEnumerator",
                    "DIBasicType",
                    "DIStringType",
                    "DIDerivedType",
                    "DICompositeType",
                    "DISubroutineType",
                    "DIFile",
                    "DICompileUnit",
                    "DISubprogram",
                    "DILexicalBlock",
                    "DILexicalBlockFile",
                    "DICommonBlock",
                    "DINamespace",
                    "DIModule",
                    "DITemplateTypeParameter",
                    "DITemplateValueParameter",
                    "DIGlobalVariable",
                    "DILocalVariable",
                    "DILabel",
                    "DIExpression",
                    "DIGlobalVariableExpression",
                    "DIObjCProperty",
                    "DIImportedEntity",
                    "DIAssignID",
                    "DIMacro",
                    "DIMacroFile",
                    "DIArgList",
                ];
                if !KINDS.contains(&kind) {
                    return self.err_at(sp, format!("unknown specialized metadata node '!{kind}'"));
                }
                if kind == "DIArgList" {
                    return self.unsupported(sp, "DIArgList outside debug records");
                }
                self.expect(&Tok::LParen)?;
                let mut fields = Vec::new();
                if !self.eat(&Tok::RParen) {
                    loop {
                        let label = match self.peek() {
                            Some(Tok::Label(l)) => {
                                self.pos += 1;
                                Some(l)
                            }
                            _ => None,
                        };
                        let f = self.md_field()?;
                        fields.push((label, f));
                        if self.eat(&Tok::RParen) {
                            break;
                        }
                        self.expect(&Tok::Comma)?;
                    }
                }
                Ok(MdNode::Special {
                    distinct,
                    kind: kind.to_string(),
                    fields: fields.into_iter().map(|(l, f)| (l.map(Cow::into_owned), f)).collect(),
                })
            }
            _ => self.expected("metadata node"),
        }
    }

    /// A field value of a specialized node.
    fn md_field(&mut self) -> PResult<MdField> {
        let sp = self.span();
        match self.peek() {
            Some(Tok::Int(s)) | Some(Tok::HexInt(s)) => {
                self.pos += 1;
                Ok(MdField::Raw(s.to_string()))
            }
            Some(Tok::Str(s)) => {
                self.pos += 1;
                Ok(MdField::Str(s.into_owned()))
            }
            Some(Tok::Ident("null")) => {
                self.pos += 1;
                Ok(MdField::Ref(MdOperand::Null))
            }
            Some(Tok::Ident(_)) => {
                // An identifier or a `A | B | C` flag combination.
                let start = sp.start;
                self.pos += 1;
                while self.eat(&Tok::Bar) {
                    match self.bump() {
                        Some(Tok::Ident(_)) | Some(Tok::Int(_)) => {}
                        _ => return self.err_at(self.prev_span(), "expected flag after '|'"),
                    }
                }
                let end = self.prev_span().end;
                let text: String = self.src[start..end].split_whitespace().collect::<Vec<_>>().join(" ");
                Ok(MdField::Raw(text))
            }
            Some(Tok::MetaNum(_)) | Some(Tok::Exclaim) | Some(Tok::MetaName(_)) => Ok(MdField::Ref(self.md_operand()?)),
            _ => self.expected("metadata field value"),
        }
    }

    /// An operand inside `!{ ... }`.
    fn md_operand(&mut self) -> PResult<MdOperand> {
        let sp = self.span();
        match self.peek() {
            Some(Tok::Ident("null")) => {
                self.pos += 1;
                Ok(MdOperand::Null)
            }
            Some(Tok::MetaNum(n)) => {
                self.pos += 1;
                Ok(MdOperand::Node(self.md_num(n, sp)))
            }
            Some(Tok::Exclaim) => {
                if let Some(Tok::Str(s)) = self.peek_at(1) {
                    self.pos += 2;
                    return Ok(MdOperand::String(s.into_owned()));
                }
                let node = self.md_node_body(false)?;
                Ok(MdOperand::Node(self.m.metadata.push(node)))
            }
            Some(Tok::MetaName(k)) if k.starts_with("DI") => {
                let node = self.md_node_body(false)?;
                Ok(MdOperand::Node(self.m.metadata.push(node)))
            }
            Some(Tok::MetaName(k)) => self.err_at(sp, format!("unexpected '!{k}' in metadata")),
            Some(Tok::LocalName(_)) | Some(Tok::LocalNum(_)) => {
                self.unsupported(sp, "function-local values in metadata outside debug intrinsics")
            }
            _ => {
                let c = self.typed_const()?;
                Ok(MdOperand::Value(c))
            }
        }
    }

    /// A metadata reference in attachment position: `!N`, `!{...}`, `!DIKind(...)`.
    pub(crate) fn metadata_ref(&mut self) -> PResult<MdId> {
        let sp = self.span();
        match self.peek() {
            Some(Tok::MetaNum(n)) => {
                self.pos += 1;
                Ok(self.md_num(n, sp))
            }
            Some(Tok::Exclaim) | Some(Tok::MetaName(_)) => {
                let node = self.md_node_body(false)?;
                Ok(self.m.metadata.push(node))
            }
            _ => self.expected("metadata reference"),
        }
    }

    /// A metadata argument of a call after the `metadata` type: `!N`, `!"s"`, `!{...}`, `T const`.
    pub(crate) fn metadata_arg(&mut self) -> PResult<MdOperand> {
        self.md_operand()
    }
}
