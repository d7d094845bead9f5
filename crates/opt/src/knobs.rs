//! The knob surface: named tuning switches of the seed passes (`--knob NAME=VALUE`, `--list-knobs`).
//!
//! Every knob is a [`KnobDef`]: its name (as cicc spells it where the seed gives one), the kind of value it takes,
//! its default, the seed it comes from and a one-line description. Crates publish their definitions as
//! `&'static [KnobDef]` slices ([`IR_KNOBS`] here; MIR passes in `simtc-codegen` add their own slice), and the
//! driver builds one [`KnobRegistry`] from all of them. [`KnobRegistry::parse`] turns the command line's
//! `NAME=VALUE` strings into a [`Knobs`] value; passes query it by name and get the default when the user set
//! nothing. An unknown name or a malformed value is a usage error whose message lists the valid knobs.
//!
//! Invariants: knob names are unique across the registry (checked when the registry is built, a duplicate is a
//! programming error and panics in debug builds); a [`Knobs`] value only holds values that parsed for their kind.

use std::fmt::Write as _;

/// What values a knob takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KnobKind {
    /// `true`/`false` (also `1`/`0`, `on`/`off`).
    Bool,
    /// An integer in `min..=max`.
    Int {
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
    /// One of a fixed set of words.
    Enum(&'static [&'static str]),
    /// A decimal ratio in `0..=1` (`0.2`), kept in thousandths as [`KnobValue::Int`]; read with [`Knobs::ratio`].
    Ratio,
}

impl KnobKind {
    fn describe(&self) -> String {
        match self {
            KnobKind::Bool => "bool".into(),
            KnobKind::Int { min, max } => format!("int {min}..={max}"),
            KnobKind::Enum(words) => words.join("|"),
            KnobKind::Ratio => "ratio 0..=1".into(),
        }
    }
}

/// One knob definition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KnobDef {
    /// The name used by `--knob NAME=VALUE`.
    pub name: &'static str,
    /// The kind of value.
    pub kind: KnobKind,
    /// The default, written as on the command line.
    pub default: &'static str,
    /// Where it comes from: `seed 003` or `simtc` for knobs of our own.
    pub seed: &'static str,
    /// One-line description.
    pub doc: &'static str,
}

/// A parsed knob value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KnobValue {
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// One word of an enum knob.
    Word(&'static str),
}

impl KnobDef {
    /// Parses `text` as a value of this knob.
    pub fn parse_value(&self, text: &str) -> Result<KnobValue, String> {
        let t = text.trim();
        match self.kind {
            KnobKind::Bool => match t {
                "true" | "1" | "on" | "yes" => Ok(KnobValue::Bool(true)),
                "false" | "0" | "off" | "no" => Ok(KnobValue::Bool(false)),
                _ => Err(format!("knob '{}' takes a bool (true|false), not '{t}'", self.name)),
            },
            KnobKind::Int { min, max } => match t.parse::<i64>() {
                Ok(v) if (min..=max).contains(&v) => Ok(KnobValue::Int(v)),
                _ => Err(format!("knob '{}' takes an integer in {min}..={max}, not '{t}'", self.name)),
            },
            KnobKind::Ratio => match t.parse::<f64>() {
                Ok(v) if (0.0..=1.0).contains(&v) => Ok(KnobValue::Int((v * 1000.0).round() as i64)),
                _ => Err(format!("knob '{}' takes a ratio in 0..=1, not '{t}'", self.name)),
            },
            KnobKind::Enum(words) => words
                .iter()
                .find(|w| **w == t)
                .map(|w| KnobValue::Word(w))
                .ok_or_else(|| format!("knob '{}' takes one of {}, not '{t}'", self.name, words.join("|"))),
        }
    }

    /// The default value, parsed.
    pub fn default_value(&self) -> KnobValue {
        self.parse_value(self.default).expect("knob defaults parse")
    }
}

/// The knobs of simtc's IR passes.
pub const IR_KNOBS: &[KnobDef] = &[
    KnobDef {
        name: "nvvm-reflect-ftz",
        kind: KnobKind::Int { min: 0, max: 1 },
        default: "0",
        seed: "simtc",
        doc: "nvvm-reflect: the value of __nvvm_reflect(\"__CUDA_FTZ\") when the module has no nvvm-reflect-ftz flag",
    },
    KnobDef {
        name: "nvvm-reflect-arch",
        kind: KnobKind::Int { min: 0, max: 10000 },
        default: "0",
        seed: "simtc",
        doc: "nvvm-reflect: the value of __nvvm_reflect(\"__CUDA_ARCH\") (0: from --mcpu, e.g. 900 for sm_90)",
    },
    KnobDef {
        name: "max-aggr-copy-size",
        kind: KnobKind::Int { min: 0, max: 4096 },
        default: "128",
        seed: "simtc",
        doc: "lower-mem-intrinsics: memset/memcpy/memmove of a constant length up to this many bytes are unrolled by \
              isel, longer ones and run-time lengths become loops (LLVM NVPTX's MaxAggrCopySize)",
    },
    KnobDef {
        name: "structurizecfg-skip-uniform-regions",
        kind: KnobKind::Bool,
        default: "false",
        seed: "seed 003",
        doc: "leave regions whose branches are all uniform unstructured (tagged !structurizecfg.uniform)",
    },
    KnobDef {
        name: "structurizecfg-relaxed-uniform-regions",
        kind: KnobKind::Bool,
        default: "true",
        seed: "seed 003",
        doc: "a region counts as uniform despite a non-uniform subregion when it has at most one conditional direct child",
    },
    KnobDef {
        name: "enable-shrink-wrap",
        kind: KnobKind::Int { min: 0, max: 2 },
        default: "0",
        seed: "seed 003",
        doc: "structurizecfg master override: 0 = structurize unless the function is exempt, 1 = always, 2 = never",
    },
    KnobDef {
        name: "structurizecfg-allow-irreducible",
        kind: KnobKind::Bool,
        default: "false",
        seed: "simtc",
        doc: "on an irreducible CFG print the UnsupportedIrreducibleCFG remark and continue unstructured instead of failing",
    },
    KnobDef {
        name: "darm-threshold",
        kind: KnobKind::Ratio,
        default: "0.2",
        seed: "seed 001",
        doc: "DARM: meld a region only when its profitability (saved latency / total latency, at most 0.5) reaches this",
    },
    KnobDef {
        name: "darm-gap-penalty",
        kind: KnobKind::Int { min: 0, max: 1000 },
        default: "2",
        seed: "seed 001",
        doc: "DARM: gap penalty of the Smith-Waterman instruction alignment (match score = latency)",
    },
    KnobDef {
        name: "darm-branch-fusion-only",
        kind: KnobKind::Bool,
        default: "false",
        seed: "seed 001",
        doc: "DARM: meld diamonds only (two single-block sides): the branch-fusion baseline of the paper",
    },
    KnobDef {
        name: "darm-disable-region-replication",
        kind: KnobKind::Bool,
        default: "false",
        seed: "seed 001",
        doc: "DARM: no block-region melding (one side a single block, the other a region) by region replication",
    },
    KnobDef {
        name: "darm-full-predication",
        kind: KnobKind::Bool,
        default: "true",
        seed: "seed 001",
        doc: "DARM: speculate unaligned runs without memory operations, and fully predicate (load + select + store) \
              loads and stores whose address the other side also accesses, instead of guarding them (false: guard \
              every run)",
    },
    KnobDef {
        name: "darm-run-once",
        kind: KnobKind::Bool,
        default: "false",
        seed: "seed 001",
        doc: "DARM: one round of melding, no fixpoint iteration with simplifycfg",
    },
    KnobDef {
        name: "darm-analysis-only",
        kind: KnobKind::Bool,
        default: "false",
        seed: "seed 001",
        doc: "DARM: find and score meldable regions (see darm-report) without changing the IR",
    },
    KnobDef {
        name: "darm-report",
        kind: KnobKind::Int { min: 0, max: 1 },
        default: "0",
        seed: "seed 001",
        doc: "DARM: 1 = a remark per divergent branch: region, candidates, score, decision; and melds by kind",
    },
    KnobDef {
        name: "darm-stats",
        kind: KnobKind::Bool,
        default: "false",
        seed: "seed 001",
        doc: "DARM: leave per-function counters as `stat:` remarks (`simtc compile --stats` sets it and sums them)",
    },
    KnobDef {
        name: "do-cssa",
        kind: KnobKind::Bool,
        default: "true",
        seed: "seed 000",
        doc: "run cssa (pcp copies before predecessor terminators) last in the IR pipeline at -O1+",
    },
    KnobDef {
        name: "cssa-coalesce",
        kind: KnobKind::Int { min: 0, max: 3 },
        default: "2",
        seed: "seed 000",
        doc: "0 = a pcp copy per phi operand, 1 = per value and edge, 2 = no copies of constants, 3 = nor of values dying on the edge",
    },
    KnobDef {
        name: "cssa-verbosity",
        kind: KnobKind::Int { min: 0, max: 2 },
        default: "0",
        seed: "seed 000",
        doc: "cssa remarks: 1 = counts per function, 2 = also every pcp copy",
    },
    KnobDef {
        name: "dump-before-cssa",
        kind: KnobKind::Bool,
        default: "false",
        seed: "seed 000",
        doc: "print 'IR Module before CSSA:' and the module to standard error before cssa runs",
    },
    KnobDef {
        name: "licm-mode",
        kind: KnobKind::Int { min: 0, max: 2 },
        default: "2",
        seed: "simtc",
        doc: "licm: 0 = off; 1 = hoist an invariant instruction only when one of its register operands dies there \
              (no more values live through the loop); 2 (default) = hoist every invariant speculatable instruction",
    },
    KnobDef {
        name: "lsr-count-down",
        kind: KnobKind::Bool,
        default: "true",
        seed: "simtc",
        doc: "lsr: a loop counter read only by its increment and the exit test against an invariant bound counts \
              down to zero (the bound dies at the loop's entry)",
    },
    KnobDef {
        name: "lsr-max-ivs",
        kind: KnobKind::Int { min: 0, max: 64 },
        default: "3",
        seed: "simtc",
        doc: "lsr: the most new pointer induction variables per loop (register pressure; 0 = none)",
    },
    KnobDef {
        name: "lsr-nests",
        kind: KnobKind::Bool,
        default: "false",
        seed: "simtc",
        doc: "lsr: new induction variables also in loops of a nest (a loop inside another loop or holding one); off by \
              default: measured, ptxas' code for nests is shorter without them (see lsr's module doc, 'Loop nests')",
    },
    KnobDef {
        name: "lsr-min-trips",
        kind: KnobKind::Int { min: 0, max: 1024 },
        default: "4",
        seed: "simtc",
        doc: "lsr: no new induction variables in a loop whose exit test bounds it to at most this many iterations \
              per entry (0 = no such limit)",
    },
    KnobDef {
        name: "lsr-report",
        kind: KnobKind::Int { min: 0, max: 1 },
        default: "0",
        seed: "simtc",
        doc: "lsr: 1 = a remark per loop that got new IVs: how many, how many uniform, addresses rewritten",
    },
];

/// Every knob definition of a build: the union of the slices the crates publish.
#[derive(Clone, Debug)]
pub struct KnobRegistry {
    defs: Vec<&'static KnobDef>,
}

impl Default for KnobRegistry {
    fn default() -> Self {
        Self::new(&[IR_KNOBS])
    }
}

impl KnobRegistry {
    /// A registry from several crates' definition slices (in listing order).
    pub fn new(slices: &[&'static [KnobDef]]) -> Self {
        let defs: Vec<&'static KnobDef> = slices.iter().flat_map(|s| s.iter()).collect();
        for (i, d) in defs.iter().enumerate() {
            debug_assert!(!defs[..i].iter().any(|e| e.name == d.name), "knob '{}' is defined twice", d.name);
        }
        KnobRegistry { defs }
    }

    /// The definitions.
    pub fn defs(&self) -> &[&'static KnobDef] {
        &self.defs
    }

    /// The definition named `name`.
    pub fn lookup(&self, name: &str) -> Option<&'static KnobDef> {
        self.defs.iter().copied().find(|d| d.name == name)
    }

    /// Parses `NAME=VALUE` strings (later ones win). Errors are usage errors: the message lists the valid knobs.
    pub fn parse<S: AsRef<str>>(&self, specs: &[S]) -> Result<Knobs, String> {
        let mut knobs = Knobs { registry: self.clone(), values: Vec::new() };
        for spec in specs {
            let spec = spec.as_ref();
            let Some((name, value)) = spec.split_once('=') else {
                return Err(format!("--knob expects NAME=VALUE, got '{spec}'\n{}", self.valid_list()));
            };
            let name = name.trim();
            let def = self.lookup(name).ok_or_else(|| format!("unknown knob '{name}'\n{}", self.valid_list()))?;
            let v = def.parse_value(value).map_err(|e| format!("{e}\n{}", self.valid_list()))?;
            knobs.values.retain(|(n, _)| *n != def.name);
            knobs.values.push((def.name, v));
        }
        Ok(knobs)
    }

    fn valid_list(&self) -> String {
        let mut s = String::from("valid knobs:");
        for d in &self.defs {
            let _ = write!(s, "\n  {}=<{}> (default {})", d.name, d.kind.describe(), d.default);
        }
        s
    }

    /// The `--list-knobs` table: name, value kind, default, seed and description of every knob.
    pub fn list(&self) -> String {
        let w = self.defs.iter().map(|d| d.name.len()).max().unwrap_or(0);
        let mut s = String::new();
        for d in &self.defs {
            let _ = writeln!(
                s,
                "{:<w$}  {:<10} default {:<6} [{}] {}",
                d.name,
                d.kind.describe(),
                d.default,
                d.seed,
                d.doc,
                w = w
            );
        }
        s
    }
}

/// Knob values a pipeline runs with: what the user set, defaults for the rest.
#[derive(Clone, Debug, Default)]
pub struct Knobs {
    registry: KnobRegistry,
    values: Vec<(&'static str, KnobValue)>,
}

impl Knobs {
    /// The value of `name`: the user's, or the default. Panics on a name no registered definition has (a
    /// programming error: a pass asked for a knob it did not register).
    pub fn get(&self, name: &str) -> KnobValue {
        if let Some((_, v)) = self.values.iter().find(|(n, _)| *n == name) {
            return v.clone();
        }
        match self.registry.lookup(name) {
            Some(d) => d.default_value(),
            None => panic!("knob '{name}' is not registered"),
        }
    }
    /// A boolean knob.
    pub fn bool(&self, name: &str) -> bool {
        match self.get(name) {
            KnobValue::Bool(b) => b,
            other => panic!("knob '{name}' is not a bool: {other:?}"),
        }
    }
    /// An integer knob.
    pub fn int(&self, name: &str) -> i64 {
        match self.get(name) {
            KnobValue::Int(v) => v,
            other => panic!("knob '{name}' is not an integer: {other:?}"),
        }
    }
    /// A ratio knob ([`KnobKind::Ratio`]).
    pub fn ratio(&self, name: &str) -> f64 {
        self.int(name) as f64 / 1000.0
    }
    /// An enum knob.
    pub fn word(&self, name: &str) -> &'static str {
        match self.get(name) {
            KnobValue::Word(w) => w,
            other => panic!("knob '{name}' is not an enum: {other:?}"),
        }
    }
    /// The knobs the user set, in order.
    /// A copy with knob `name` set to `v` unless it was set explicitly (for knobs whose default follows other
    /// options, such as `nvvm-reflect-arch` from `--mcpu`).
    pub fn or_set(&self, name: &'static str, v: KnobValue) -> Knobs {
        let mut k = self.clone();
        if !k.values.iter().any(|(n, _)| *n == name) {
            k.values.push((name, v));
        }
        k
    }
    /// The knobs set explicitly, with their values.
    pub fn set_values(&self) -> &[(&'static str, KnobValue)] {
        &self.values
    }
    /// The registry these knobs were parsed against.
    pub fn registry(&self) -> &KnobRegistry {
        &self.registry
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_query() {
        let r = KnobRegistry::default();
        let k = r.parse(&["structurizecfg-skip-uniform-regions=true", "enable-shrink-wrap=2"]).unwrap();
        assert!(k.bool("structurizecfg-skip-uniform-regions"));
        assert!(k.bool("structurizecfg-relaxed-uniform-regions"));
        assert_eq!(k.int("enable-shrink-wrap"), 2);
    }

    #[test]
    fn usage_errors_list_the_knobs() {
        let r = KnobRegistry::default();
        let e = r.parse(&["nope=1"]).unwrap_err();
        assert!(e.contains("unknown knob 'nope'") && e.contains("structurizecfg-skip-uniform-regions"), "{e}");
        let e = r.parse(&["enable-shrink-wrap=7"]).unwrap_err();
        assert!(e.contains("0..=2"), "{e}");
        let e = r.parse(&["structurizecfg-skip-uniform-regions"]).unwrap_err();
        assert!(e.contains("NAME=VALUE"), "{e}");
    }

    #[test]
    fn other_crates_add_slices() {
        const MORE: &[KnobDef] = &[KnobDef {
            name: "gvn-cse-mode",
            kind: KnobKind::Enum(&["off", "local", "global"]),
            default: "global",
            seed: "seed 002",
            doc: "test",
        }];
        let r = KnobRegistry::new(&[IR_KNOBS, MORE]);
        let k = r.parse(&["gvn-cse-mode=local"]).unwrap();
        assert_eq!(k.word("gvn-cse-mode"), "local");
        assert!(r.list().contains("gvn-cse-mode") && r.list().contains("[seed 002]"));
    }
}
