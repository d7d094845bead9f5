//! Source files and line information: the `.file` table, `.loc` operands, and the DWARF compile unit that
//! `.target sm_XX, debug` requires (seed 004, "Debug Info Emission").
//!
//! **File table.** Every `DIFile` reachable from an emitted function's `DISubprogram` or from an instruction's
//! `!dbg` location gets an index, 1-based, in order of first appearance: functions in module order, each
//! function's subprogram first, then its instructions in layout order (this reproduces llc's numbering). Two
//! `DIFile` nodes naming the same path share an index. The path is `directory/filename`, or `filename` alone when
//! it is absolute or the directory is empty. The printer emits the `.file` directives after the last function,
//! where llc and cicc put them; ptxas resolves `.loc` indices against the whole module.
//!
//! **Locations.** A `DILocation`'s file is its scope's `file:` field, following `scope:` links up from lexical
//! blocks when a scope has none. For inlined code this is the file of the inlined callee, which is what `.loc`
//! must name. The NVIDIA `function_name`/`inlined_at` `.loc` extensions are not emitted (upstream LLVM's form).
//!
//! **`, debug`.** ptxas rejects `.target …, debug` without DWARF ("Debug information not found"), and simtc does
//! not produce variable or scope records, so [`compile_unit_sections`] writes a minimal `.debug_abbrev` +
//! `.debug_info` pair: one `DW_TAG_compile_unit` with producer, language, name, `DW_AT_stmt_list` (ptxas builds
//! `.debug_line` from the `.file`/`.loc` directives) and compilation directory. That is the line-table-only debug
//! information `-lineinfo` gives, with `, debug` set. It is emitted only when [`crate::Options::debug`] asks for it:
//! LLVM also turns it on for compile units with full debug info, but `, debug` makes ptxas compile without
//! optimization, which an input file should not be able to request on its own.

use rustc_hash::FxHashMap;
use simtc_ir::{FuncId, Inst, MdField, MdId, MetadataTable, Module};
use std::fmt::Write;

/// The module's source files, numbered for `.file` / `.loc`.
#[derive(Clone, Debug, Default)]
pub struct FileTable {
    /// Paths; index `i` is file `i + 1`.
    paths: Vec<String>,
    /// `DIFile` node → file index.
    by_md: FxHashMap<MdId, u32>,
}

impl FileTable {
    /// Numbers the files of every function definition of `m` (see the module doc).
    pub fn build(m: &Module) -> FileTable {
        let mut t = FileTable::default();
        let mut by_path: FxHashMap<String, u32> = FxHashMap::default();
        let dbg = MetadataTable::dbg_kind();
        for f in m.func_ids() {
            let func = &m.funcs[f];
            if func.is_declaration() {
                continue;
            }
            if let Some(sp) = subprogram(m, f) {
                t.add_scope(m, Some(sp), &mut by_path);
            }
            for b in func.layout.blocks() {
                for i in func.layout.block_insts(b) {
                    let Some(md) = func.dfg.get_inst_md(i, dbg) else { continue };
                    if let Some(dl) = m.metadata.di_location(md) {
                        t.add_scope(m, dl.scope, &mut by_path);
                    }
                }
            }
        }
        t
    }

    fn add_scope(&mut self, m: &Module, scope: Option<MdId>, by_path: &mut FxHashMap<String, u32>) {
        let Some(file) = file_of_scope(&m.metadata, scope) else { return };
        if self.by_md.contains_key(&file) {
            return;
        }
        let path = file_path(&m.metadata, file);
        let idx = *by_path.entry(path.clone()).or_insert_with(|| {
            self.paths.push(path);
            self.paths.len() as u32
        });
        self.by_md.insert(file, idx);
    }

    /// The index of a `DIFile` node.
    pub fn index_of(&self, file_md: MdId) -> Option<u32> {
        self.by_md.get(&file_md).copied()
    }

    /// The index of the file a scope (`DISubprogram`, `DILexicalBlock`, ...) belongs to.
    pub fn index_of_scope(&self, m: &Module, scope: Option<MdId>) -> Option<u32> {
        self.index_of(file_of_scope(&m.metadata, scope)?)
    }

    /// The path of the file a scope belongs to (for diagnostics), whether or not it has an index.
    pub fn file_name_of_scope(&self, m: &Module, scope: Option<MdId>) -> Option<String> {
        Some(file_path(&m.metadata, file_of_scope(&m.metadata, scope)?))
    }

    /// `(file index, line, column)` of an instruction's `!dbg` location: the operands of `.loc`.
    pub fn loc(&self, m: &Module, f: FuncId, inst: Inst) -> Option<(u32, u32, u32)> {
        let md = m.funcs[f].dfg.get_inst_md(inst, MetadataTable::dbg_kind())?;
        let dl = m.metadata.di_location(md)?;
        Some((self.index_of_scope(m, dl.scope)?, dl.line, dl.column))
    }

    /// `(file index, scope line)` of a function's `DISubprogram`: llc prints `.loc IDX LINE 0` at the top of the
    /// body so the function's first address has a line.
    pub fn subprogram_loc(&self, m: &Module, f: FuncId) -> Option<(u32, u32)> {
        let sp = subprogram(m, f)?;
        let line = m.metadata.int_field(sp, "scopeLine").or_else(|| m.metadata.int_field(sp, "line"))?;
        Some((self.index_of_scope(m, Some(sp))?, u32::try_from(line).ok()?))
    }

    /// `(index, path)` of every file, in index order.
    pub fn files(&self) -> impl Iterator<Item = (u32, &str)> {
        self.paths.iter().enumerate().map(|(i, p)| (i as u32 + 1, p.as_str()))
    }

    /// True when no function has line information.
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    /// The `.file` directives: `\t.file\t1 "./kernel.cu"` per file.
    pub fn directives(&self) -> String {
        let mut s = String::new();
        for (i, p) in self.files() {
            let _ = writeln!(s, "\t.file\t{i} \"{}\"", escape(p));
        }
        s
    }
}

/// The `DISubprogram` attached to a function (`define ... !dbg !N`).
pub fn subprogram(m: &Module, f: FuncId) -> Option<MdId> {
    let dbg = MetadataTable::dbg_kind();
    m.funcs[f].md.iter().find(|(k, _)| *k == dbg).map(|&(_, n)| n)
}

/// The `DIFile` of a scope: the scope itself if it is a file, its `file:` field, or its parent's.
pub fn file_of_scope(md: &MetadataTable, scope: Option<MdId>) -> Option<MdId> {
    let mut cur = scope?;
    for _ in 0..256 {
        if md.special_kind(cur) == Some("DIFile") {
            return Some(cur);
        }
        if let Some(f) = md.ref_field(cur, "file") {
            return Some(f);
        }
        cur = md.ref_field(cur, "scope")?;
    }
    None
}

/// `directory/filename` of a `DIFile` (see the module doc).
pub fn file_path(md: &MetadataTable, file: MdId) -> String {
    let name = md.str_field(file, "filename").unwrap_or_default();
    let dir = md.str_field(file, "directory").unwrap_or_default();
    if dir.is_empty() || name.starts_with('/') {
        name
    } else {
        format!("{}/{}", dir.trim_end_matches('/'), name)
    }
}

/// Escapes a string for a PTX string literal.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\{:03o}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The DWARF language code of a `DW_LANG_*` name (C++ when unknown).
fn language_code(name: &str) -> u16 {
    match name {
        "DW_LANG_C89" => 0x1,
        "DW_LANG_C" => 0x2,
        "DW_LANG_C_plus_plus" => 0x4,
        "DW_LANG_C99" => 0xc,
        "DW_LANG_OpenCL" => 0x15,
        "DW_LANG_C_plus_plus_03" => 0x19,
        "DW_LANG_C_plus_plus_11" => 0x1a,
        "DW_LANG_C11" => 0x1d,
        "DW_LANG_C_plus_plus_14" => 0x21,
        "DW_LANG_C17" => 0x2c,
        _ => name.parse().unwrap_or(0x4),
    }
}

/// The minimal DWARF that `.target …, debug` needs: one compile unit (see the module doc). `producer` is used when
/// the module has no `DICompileUnit` producer of its own.
pub fn compile_unit_sections(m: &Module, producer: &str) -> String {
    let md = &m.metadata;
    let cu = md.named("llvm.dbg.cu").and_then(|v| v.first().copied());
    let cu_file = cu.and_then(|c| md.ref_field(c, "file"));
    let producer = cu.and_then(|c| md.str_field(c, "producer")).unwrap_or_else(|| producer.to_string());
    let lang = match cu.and_then(|c| md.field(c, "language")) {
        Some(MdField::Raw(l)) => language_code(l),
        _ => 0x4,
    };
    let name = cu_file
        .and_then(|f| md.str_field(f, "filename"))
        .or_else(|| m.source_filename.clone())
        .unwrap_or_else(|| "<unknown>".into());
    let dir = cu_file.and_then(|f| md.str_field(f, "directory")).unwrap_or_else(|| ".".into());

    // Abbreviation 1: DW_TAG_compile_unit, no children; producer/string, language/data2, name/string,
    // stmt_list/data4, comp_dir/string.
    let abbrev: [u8; 16] = [1, 0x11, 0, 0x25, 0x08, 0x13, 0x05, 0x03, 0x08, 0x10, 0x06, 0x1b, 0x08, 0, 0, 0];
    let mut s = String::from("\t.section\t.debug_abbrev\n\t{\n");
    for b in abbrev {
        let _ = writeln!(s, ".b8 {b}");
    }
    s.push_str("\t}\n\t.section\t.debug_info\n\t{\n");
    let strz = |v: &str| v.bytes().filter(|&b| b != 0).chain([0]).collect::<Vec<u8>>();
    let (producer, name, dir) = (strz(&producer), strz(&name), strz(&dir));
    // version(2) + abbrev offset(4) + address size(1) + code(1) + strings + language(2) + stmt_list(4).
    let len = 2 + 4 + 1 + 1 + producer.len() + 2 + name.len() + 4 + dir.len();
    let _ = writeln!(s, ".b32 {len}\n.b8 2\n.b8 0\n.b32 .debug_abbrev\n.b8 8\n.b8 1");
    let bytes = |s: &mut String, v: &[u8]| {
        for b in v {
            let _ = writeln!(s, ".b8 {b}");
        }
    };
    bytes(&mut s, &producer);
    bytes(&mut s, &lang.to_le_bytes());
    bytes(&mut s, &name);
    s.push_str(".b32 .debug_line\n");
    bytes(&mut s, &dir);
    s.push_str("\t}\n\t.section\t.debug_loc\t{\t}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = include_str!("../../../../examples/kernels/debug_info.ll");

    #[test]
    fn files_are_numbered_in_first_use_order() {
        let m = simtc_llvm_reader::parse_module(SRC).unwrap();
        let t = FileTable::build(&m);
        let files: Vec<_> = t.files().map(|(i, p)| (i, p.to_string())).collect();
        assert_eq!(
            files,
            [
                (1, "./debug_info.cu".to_string()),
                (2, "/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_builtin_vars.h".to_string())
            ]
        );
        assert!(t.directives().starts_with("\t.file\t1 \"./debug_info.cu\"\n\t.file\t2 \"/usr/lib/"));
        let k = m.func_by_name("debug_info").unwrap();
        assert_eq!(t.subprogram_loc(&m, k), Some((1, 21)));
        let helper = m.func_by_name("_Z11clamp_indexii").unwrap();
        assert_eq!(t.subprogram_loc(&m, helper), Some((1, 14)));
        // The first instruction of the kernel is inlined from the builtin-variables header (`.loc 2 66 3`).
        let func = &m.funcs[k];
        let first = func.layout.first_inst(func.entry().unwrap()).unwrap();
        assert_eq!(t.loc(&m, k, first), Some((2, 66, 3)));
        let f1 =
            m.metadata.iter().find(|(_, n)| matches!(n, simtc_ir::MdNode::Special { kind, .. } if kind == "DIFile"));
        assert_eq!(t.index_of(f1.unwrap().0), Some(1));
    }

    #[test]
    fn compile_unit_is_well_formed() {
        let m = simtc_llvm_reader::parse_module(SRC).unwrap();
        let s = compile_unit_sections(&m, "simtc");
        let info = s.split(".debug_info").nth(1).unwrap();
        let len: usize = info.lines().find_map(|l| l.strip_prefix(".b32 ")).unwrap().parse().unwrap();
        // Every line after the length counts its bytes: .b8 = 1, .b32 = 4.
        let body: usize = info
            .lines()
            .skip_while(|l| !l.starts_with(".b32 "))
            .skip(1)
            .map(|l| {
                if l.starts_with(".b8 ") {
                    1
                } else if l.starts_with(".b32 ") {
                    4
                } else {
                    0
                }
            })
            .sum();
        assert_eq!(len, body);
        assert!(s.contains(".b8 33\n.b8 0\n"), "DW_LANG_C_plus_plus_14 as data2");
        assert!(FileTable::build(&simtc_llvm_reader::parse_module("").unwrap()).is_empty());
    }

    #[test]
    fn escapes_paths() {
        assert_eq!(escape("a\"b\\c"), "a\\\"b\\\\c");
    }
}
