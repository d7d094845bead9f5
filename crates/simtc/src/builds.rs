//! The differential build list shared by `simtc check` and `simtc fuzz-diff`.
//!
//! Invariants: the first build is the `-O0` reference; the third is the full structurized `-O3` pipeline
//! ([`FULL`]); after it comes one build per optional pass of the driver (`driver::optional_passes()`, IR and MIR)
//! with that pass disabled on top of [`FULL`], so passes added to the driver are covered without edits here;
//! last, two builds per gated MIR pass (off unless a knob enables it: `mir::passes::GATED`) with the gate on:
//! on top of [`FULL`], and on top of [`FULL`] without `phi-elim` ([`PLAIN_SSA_EXIT`]), where SSA destruction is
//! plain `out-of-ssa`. The second exists because `backcopyprop`'s input — a value computed into a temporary and
//! copied into a phi's register — is what `out-of-ssa` leaves and what `phi-elim`'s coalescer mostly removes
//! first: measured on 20 `fuzz-diff` programs, the gate changed the PTX of 0 after `phi-elim` and of 19 after
//! `out-of-ssa`. Each gated build is compared with the build without its knob ([`gated_base`]).
//!
//! Last come the **exposure builds** ([`exposures`]): four passes do real work in [`FULL`] whose result a later
//! pass makes invisible there, so toggling them on top of [`FULL`] rarely changes the PTX and a fault in them
//! would rarely be told apart. `cssa`'s copies are coalesced away by `phi-elim`, which re-derives conventional
//! SSA on MIR (measured: 3% of 200 `fuzz-diff` programs change without `cssa`); with `cssa-coalesce=0` (one copy
//! per phi operand, constants included) its copies reach the PTX (98%). `machine-dce` finds little after the
//! `-O3` passes, which clean up after themselves (4%); at `-O0` it is the only clean-up of instruction selection's
//! unused results (98%), so it is also toggled at `-O0`. `remat` runs only on functions whose register pressure
//! reaches `RematMinPressure` (32), which generated programs rarely do: it is toggled with the threshold at 0;
//! `early-sink` likewise (`EarlySinkMinPressure`, 128) is toggled with its threshold at 1.
//! One more build runs [`FULL`] with `lsr-nests` on (lsr's induction variables in loop nests, off by default).

/// `remat` runs only where the register pressure is high (`RematMinPressure`), which small generated programs
/// rarely reach: this setting runs it everywhere, for its exposure builds.
pub(crate) const REMAT_ALWAYS: &str = "RematMinPressure=0";

/// `early-sink` runs only where the register pressure reaches `EarlySinkMinPressure` (128): this setting runs it
/// in every function that has a live register at a block boundary, for its exposure builds.
pub(crate) const EARLY_SINK_ALWAYS: &str = "EarlySinkMinPressure=1";

/// `lsr` gives loops of a nest no new induction variables unless this knob is set: a build with it keeps that
/// code under the differential check.
pub(crate) const LSR_NESTS: &str = "lsr-nests=true";

/// The label of the full pipeline (every optional pass on), against which each pass is toggled.
pub(crate) const FULL: &str = "-O3 --knob structurize=true";

/// Instruction-selection rules that a boolean knob (default on) turns off: each gets a build with it off, so a
/// rule's fault shows as that build agreeing with `-O0` where [`FULL`] does not.
pub(crate) const ISEL_RULE_KNOBS: &[&str] = &[
    "div-by-const",
    "ldg-readonly",
    "gep-const-offset",
    "gep-inbounds-nonneg",
    "gep-signed-terms",
    "shared-addr-once",
    "bool-bytes",
    "stack-coloring",
];

/// The build [`FULL`] without `phi-elim`: SSA destruction by plain `out-of-ssa` copies.
pub(crate) const PLAIN_SSA_EXIT: &str = "-O3 --knob structurize=true --disable-pass phi-elim";

/// For the label of a gated pass's build, the pass and the label of the same build without the gate's knob.
pub(crate) fn gated_base(label: &str) -> Option<(&'static str, String)> {
    simtc_codegen::mir::passes::GATED.iter().find_map(|(p, knob)| {
        let base = label.strip_suffix(&format!(" --knob {knob}=true"))?;
        (base == FULL || base == PLAIN_SSA_EXIT).then(|| (*p, base.to_string()))
    })
}

/// A pass whose effect is compared between two builds other than [`FULL`] (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct Exposure {
    /// The pass.
    pub pass: &'static str,
    /// The label of the build in which the pass runs and its work reaches the PTX.
    pub with: String,
    /// The label of the same build without the pass.
    pub without: String,
}

/// The exposure pairs; every label is a build of [`differential_builds`], and each `with` build is compared with
/// its `without` build for coverage (the outputs of both are compared with `-O0` like every build's).
pub(crate) fn exposures() -> Vec<Exposure> {
    vec![
        Exposure {
            pass: "cssa",
            with: format!("{FULL} --knob cssa-coalesce=0"),
            without: format!("{FULL} --disable-pass cssa"),
        },
        Exposure { pass: "machine-dce", with: "-O0".into(), without: "-O0 --disable-pass machine-dce".into() },
        Exposure {
            pass: "remat",
            with: format!("{FULL} --knob {REMAT_ALWAYS}"),
            without: format!("{FULL} --knob {REMAT_ALWAYS} --disable-pass remat"),
        },
        Exposure {
            pass: "early-sink",
            with: format!("{FULL} --knob {EARLY_SINK_ALWAYS}"),
            without: format!("{FULL} --knob {EARLY_SINK_ALWAYS} --disable-pass early-sink"),
        },
    ]
}

/// One build of the differential list.
#[derive(Clone, Debug)]
pub(crate) struct Build {
    /// The command-line flags that reproduce it (`simtc compile IN.ll <label>`).
    pub label: String,
    /// `-O` level.
    pub opt_level: u8,
    /// `--disable-pass` names.
    pub disabled: Vec<String>,
    /// `--knob` settings.
    pub knobs: Vec<String>,
    /// The optional pass this build disables, if any.
    pub without: Option<&'static str>,
}

/// Optional passes of the `compile` pipeline (`--disable-pass` names): the IR passes of `-O3` and the optional
/// MIR passes, from the driver.
pub(crate) fn optional_passes() -> Vec<&'static str> {
    simtc_codegen::driver::optional_passes()
}

/// `-O0`, `-O3`, the structurized `-O3`, and the structurized `-O3` minus each optional pass.
pub(crate) fn differential_builds() -> Vec<Build> {
    let structurize = vec!["structurize=true".to_string()];
    let mut builds = vec![
        Build { label: "-O0".into(), opt_level: 0, disabled: vec![], knobs: vec![], without: None },
        Build { label: "-O3".into(), opt_level: 3, disabled: vec![], knobs: vec![], without: None },
        Build { label: FULL.into(), opt_level: 3, disabled: vec![], knobs: structurize.clone(), without: None },
    ];
    for p in optional_passes() {
        builds.push(Build {
            label: format!("{FULL} --disable-pass {p}"),
            opt_level: 3,
            disabled: vec![p.to_string()],
            knobs: structurize.clone(),
            without: Some(p),
        });
    }
    for knob in ISEL_RULE_KNOBS {
        let mut knobs = structurize.clone();
        knobs.push(format!("{knob}=false"));
        builds.push(Build {
            label: format!("{FULL} --knob {knob}=false"),
            opt_level: 3,
            disabled: vec![],
            knobs,
            without: None,
        });
    }
    for (_, knob) in simtc_codegen::mir::passes::GATED {
        let mut knobs = structurize.clone();
        knobs.push(format!("{knob}=true"));
        for (base, disabled) in [(FULL, vec![]), (PLAIN_SSA_EXIT, vec!["phi-elim".to_string()])] {
            builds.push(Build {
                label: format!("{base} --knob {knob}=true"),
                opt_level: 3,
                disabled,
                knobs: knobs.clone(),
                without: None,
            });
        }
    }
    builds.push(Build {
        label: format!("{FULL} --knob cssa-coalesce=0"),
        opt_level: 3,
        disabled: vec![],
        knobs: vec!["structurize=true".into(), "cssa-coalesce=0".into()],
        without: None,
    });
    // lsr's induction variables in loop nests are off by default (knob `lsr-nests`); this build keeps that
    // code checked against `-O0`.
    builds.push(Build {
        label: format!("{FULL} --knob {LSR_NESTS}"),
        opt_level: 3,
        disabled: vec![],
        knobs: vec!["structurize=true".into(), LSR_NESTS.into()],
        without: None,
    });
    for (pass, knob) in [("remat", REMAT_ALWAYS), ("early-sink", EARLY_SINK_ALWAYS)] {
        let e = exposures().into_iter().find(|e| e.pass == pass).expect("the pass's exposure pair");
        for (label, disabled) in [(e.with, vec![]), (e.without, vec![pass.to_string()])] {
            builds.push(Build {
                label,
                opt_level: 3,
                disabled,
                knobs: vec!["structurize=true".into(), knob.into()],
                without: None,
            });
        }
    }
    builds.push(Build {
        label: "-O0 --disable-pass machine-dce".into(),
        opt_level: 0,
        disabled: vec!["machine-dce".into()],
        knobs: vec![],
        without: None,
    });
    builds
}

/// Names the culprit pass from the labels of the builds that disagreed with `-O0`.
pub(crate) fn diagnose(failed: &[&str]) -> String {
    let mut gated = String::new();
    for f in failed {
        if let Some((p, base)) = gated_base(f) {
            if !failed.contains(&base.as_str()) {
                gated.push_str(&format!("  culprit: gated pass '{p}' (`{f}` differs, `{base}` agrees)\n"));
            }
        }
    }
    for e in exposures() {
        let (with_failed, without_failed) = (failed.contains(&e.with.as_str()), failed.contains(&e.without.as_str()));
        if e.with == "-O0" && without_failed {
            // `-O0` is the reference: only its machine-dce-less twin differs from it.
            gated.push_str(&format!(
                "  culprit: pass '{}' at -O0 (`{}` differs from -O0: the pass removed live code, or the code it \
                 removes is wrong)\n",
                e.pass, e.without
            ));
        } else if with_failed && !without_failed && !failed.contains(&FULL) {
            gated.push_str(&format!(
                "  culprit: pass '{}' as exposed by `{}` (it differs, `{FULL}` and `{}` agree)\n",
                e.pass, e.with, e.without
            ));
        }
    }
    if !gated.is_empty() {
        return gated;
    }
    let full_failed = failed.contains(&FULL);
    if !full_failed {
        return if failed.contains(&"-O3") {
            "  -O3 differs from -O0 but the structurized -O3 agrees: the fault is in code that structurization \
             removes or rewrites\n"
                .into()
        } else {
            "  -O3 agrees with -O0: the difference appears only with a pass disabled\n".into()
        };
    }
    let agrees: Vec<&str> = ISEL_RULE_KNOBS
        .iter()
        .copied()
        .filter(|k| !failed.iter().any(|f| *f == format!("{FULL} --knob {k}=false")))
        .collect();
    // `gep-const-offset=false` also turns off its refinements `gep-inbounds-nonneg` and `gep-signed-terms`: when
    // it and one of them agree, the narrower rule is the culprit.
    let both = agrees.contains(&"gep-inbounds-nonneg") || agrees.contains(&"gep-signed-terms");
    let rules: String = agrees
        .iter()
        .filter(|k| !(both && **k == "gep-const-offset"))
        .map(|k| {
            format!("  culprit: instruction-selection rule '{k}' ({FULL} differs from -O0, with {k}=false it agrees)\n")
        })
        .collect();
    if !rules.is_empty() {
        return rules;
    }
    let culprits: Vec<&str> = optional_passes()
        .into_iter()
        .filter(|p| !failed.iter().any(|f| *f == format!("{FULL} --disable-pass {p}")))
        .collect();
    if culprits.is_empty() {
        return format!(
            "  {FULL} differs from -O0 even with each optional pass disabled: the fault is in the mandatory pipeline\n"
        );
    }
    culprits
        .iter()
        .map(|p| format!("  culprit: pass '{p}' ({FULL} differs from -O0, without '{p}' it agrees)\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::diagnose;

    #[test]
    fn build_list_covers_every_optional_pass() {
        let b = super::differential_builds();
        assert_eq!(b[0].label, "-O0");
        assert_eq!(b[2].label, super::FULL);
        for p in super::optional_passes() {
            assert!(b.iter().any(|x| x.without == Some(p)), "{p}");
        }
        for (_, k) in simtc_codegen::mir::passes::GATED {
            assert!(b.iter().any(|x| x.knobs.iter().any(|s| s == &format!("{k}=true"))), "{k}");
        }
    }

    #[test]
    fn exposure_builds_exist_and_are_diagnosed() {
        let b = super::differential_builds();
        for e in super::exposures() {
            for l in [&e.with, &e.without] {
                assert!(b.iter().any(|x| &x.label == l), "{l}");
            }
        }
        let cssa0 = format!("{} --knob cssa-coalesce=0", super::FULL);
        let d = diagnose(&[&cssa0]);
        assert!(d.contains("culprit: pass 'cssa' as exposed by") && d.matches("culprit").count() == 1, "{d}");
        let d = diagnose(&["-O0 --disable-pass machine-dce"]);
        assert!(d.contains("culprit: pass 'machine-dce' at -O0"), "{d}");
    }

    #[test]
    fn names_the_culprit_pass() {
        let without = |p: &str| format!("{} --disable-pass {p}", super::FULL);
        // The builds with an isel rule off fail too unless the rule is the culprit.
        let rule_off = |k: &str| format!("{} --knob {k}=false", super::FULL);
        let rules_off: Vec<String> = super::ISEL_RULE_KNOBS.iter().map(|k| rule_off(k)).collect();
        let (a, b) = (without("dce"), without("machine-dce"));
        let mut failed: Vec<&str> = vec!["-O3", super::FULL, &a, &b];
        failed.extend(rules_off.iter().map(String::as_str));
        let d = diagnose(&failed);
        assert!(d.contains("culprit: pass 'peephole'") && !d.contains("'dce'"), "{d}");
        // Every rule but div-by-const's build fails too: div-by-const is the culprit, and only it.
        let mut failed: Vec<&str> = vec!["-O3", super::FULL, &a, &b];
        failed.extend(rules_off.iter().filter(|r| !r.contains("div-by-const")).map(String::as_str));
        let d = diagnose(&failed);
        assert!(d.contains("culprit: instruction-selection rule 'div-by-const'") && !d.contains("peephole"), "{d}");
        assert_eq!(d.matches("culprit").count(), 1, "{d}");
        let all: Vec<String> = super::optional_passes().iter().map(|p| without(p)).collect();
        let mut failed: Vec<&str> = all.iter().map(String::as_str).collect();
        failed.push(super::FULL);
        failed.extend(rules_off.iter().map(String::as_str));
        let d = diagnose(&failed);
        assert!(d.contains("mandatory pipeline"), "{d}");
        let d = diagnose(&[&a]);
        assert!(d.contains("only with a pass disabled"), "{d}");
        let d = diagnose(&["-O3"]);
        assert!(d.contains("structurized -O3 agrees"), "{d}");
    }
}
