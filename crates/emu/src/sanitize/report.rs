//! Sanitizer reports: findings resolved to PTX lines, CUDA source lines (from `.loc`), threads, CTAs and
//! buffer or variable names, as text (standard error) and JSON (`--sanitize-report`).
//!
//! JSON: `{"findings": [F...], "summary": {"findings": N, "by_kind": {...}}}`, each `F`:
//!
//! | key | value |
//! |---|---|
//! | `kind` | `race`, `barrier-divergence`, `warp-sync`, `uninitialized` |
//! | `space` | `shared`, `global`, `local`; `null` for `barrier-divergence` and `warp-sync` |
//! | `race` | `RAW`, `WAR`, `WAW` (races only) |
//! | `address` | the first occurrence's address in its space, hex (memory findings) |
//! | `location` | buffer or variable and byte offset, `"buf+12"` (memory findings; `null` when unknown) |
//! | `count` | occurrences of this instruction pair (lane accesses; for races between CTAs, 4-byte words) |
//! | `first` | the earlier access (races), where the awaited threads are held (sync findings); absent for `uninitialized` |
//! | `second` | the access that found it |
//!
//! An access is `{"op", "ptx_line", "ptx", "source", "function", "thread", "cta"}`: `op` is `read`, `write`,
//! `atomic`, `barrier`, `collective` or `waiting`; `source` is the CUDA `file:line` or `null` without `.loc`;
//! `thread` and `cta` are `[x, y, z]`.

use super::{Findings, MemSpace, RawAccess, RawFinding};
use crate::program::Program;
use serde_json::{json, Value};

/// What a report needs to name things.
pub struct Context<'a> {
    /// The program.
    pub prog: &'a Program,
    /// Grid dimensions.
    pub grid: [u32; 3],
    /// Block dimensions.
    pub block: [u32; 3],
    /// Global segments: base, length, name.
    pub segments: Vec<(u64, u64, String)>,
}

fn xyz(i: u64, d: [u32; 3]) -> [u64; 3] {
    let (x, y) = (d[0] as u64, d[1] as u64);
    [i % x, (i / x) % y, i / (x * y)]
}

impl Context<'_> {
    /// Buffer or variable holding `addr` in `space`, with the offset.
    pub fn location(&self, space: MemSpace, addr: u64) -> Option<String> {
        match space {
            MemSpace::Global => {
                let i = self.segments.partition_point(|s| s.0 <= addr);
                let (base, len, name) = self.segments.get(i.checked_sub(1)?)?;
                (addr < base + len).then(|| format!("{name}+{}", addr - base))
            }
            MemSpace::Shared => {
                let v = self
                    .prog
                    .shared_vars
                    .iter()
                    .filter(|v| v.1 <= addr && (v.2 == 0 || addr < v.1 + v.2))
                    .max_by_key(|v| v.1)?;
                Some(format!("{}+{}", v.0, addr - v.1))
            }
            MemSpace::Local => Some(format!("local+{addr}")),
        }
    }

    fn access_json(&self, a: &RawAccess) -> Value {
        let inst = self.prog.insts.get(a.pc as usize);
        json!({
            "op": a.op.name(),
            "ptx_line": inst.map(|i| i.line),
            "ptx": inst.map(|i| self.prog.line_text(i.line)),
            "source": self.prog.source_position(a.pc),
            "function": inst.map(|i| self.prog.funcs[i.func as usize].name.clone()),
            "thread": xyz(a.tid as u64, self.block),
            "cta": xyz(a.cta as u64, self.grid),
        })
    }

    fn access_text(&self, a: &RawAccess) -> String {
        let inst = self.prog.insts.get(a.pc as usize);
        let line = inst.map_or(0, |i| i.line);
        let src = self.prog.source_position(a.pc).map(|s| format!(", {s}")).unwrap_or_default();
        let [tx, ty, tz] = xyz(a.tid as u64, self.block);
        let [cx, cy, cz] = xyz(a.cta as u64, self.grid);
        format!(
            "{} at PTX line {line} (`{}`{src}) by thread ({tx},{ty},{tz}) of CTA ({cx},{cy},{cz})",
            a.op.name(),
            inst.map(|i| self.prog.line_text(i.line)).unwrap_or_default()
        )
    }

    fn finding_json(&self, f: &RawFinding, n: u64) -> Value {
        let mut o = serde_json::Map::new();
        o.insert("kind".into(), json!(f.kind.name()));
        o.insert("space".into(), json!(f.space.map(|s| s.name())));
        if let Some(r) = f.race {
            o.insert("race".into(), json!(r.name()));
        }
        if let Some(s) = f.space {
            o.insert("address".into(), json!(format!("{:#x}", f.addr)));
            o.insert("location".into(), json!(self.location(s, f.addr)));
        }
        o.insert("count".into(), json!(n));
        if let Some(a) = &f.first {
            o.insert("first".into(), self.access_json(a));
        }
        o.insert("second".into(), self.access_json(&f.second));
        Value::Object(o)
    }

    /// The JSON report of `findings`.
    pub fn json(&self, findings: &Findings) -> Value {
        let list: Vec<Value> = findings.list().iter().map(|(f, n)| self.finding_json(f, *n)).collect();
        let mut by_kind = serde_json::Map::new();
        for (f, _) in findings.list() {
            let e = by_kind.entry(f.kind.name()).or_insert(json!(0));
            *e = json!(e.as_u64().unwrap_or(0) + 1);
        }
        json!({ "findings": list, "summary": { "findings": list.len(), "by_kind": by_kind } })
    }

    /// The text report of `findings` (empty when there is none).
    pub fn text(&self, findings: &Findings) -> String {
        let mut out = String::new();
        for (f, n) in findings.list() {
            let times = if *n == 1 { "once".to_string() } else { format!("{n} times") };
            let head = match (f.space, f.race) {
                (Some(s), Some(r)) => format!(
                    "race ({}) on {} memory at {:#x}{}",
                    r.name(),
                    s.name(),
                    f.addr,
                    self.location(s, f.addr).map(|l| format!(" ({l})")).unwrap_or_default()
                ),
                (Some(s), None) => format!(
                    "uninitialized read of {} memory at {:#x}{}",
                    s.name(),
                    f.addr,
                    self.location(s, f.addr).map(|l| format!(" ({l})")).unwrap_or_default()
                ),
                _ => f.kind.name().to_string(),
            };
            out.push_str(&format!("sanitizer: {head}, {times}\n"));
            if let Some(a) = &f.first {
                out.push_str(&format!("  {}\n", self.access_text(a)));
            }
            out.push_str(&format!("  {}\n", self.access_text(&f.second)));
        }
        if !findings.is_empty() {
            out.push_str(&format!("sanitizer: {} finding(s)\n", findings.list().len()));
        }
        out
    }
}
