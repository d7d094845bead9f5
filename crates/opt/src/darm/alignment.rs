//! Smith–Waterman sequence alignment (seed 001 §4.2), used for instruction sequences of mapped block pairs.
//!
//! `score(i, j)` is `None` when the elements cannot be aligned (incompatible instructions) and the match score
//! (the latency melding saves) otherwise; a gap costs `gap`. The local alignment with the best score is taken,
//! then — where the artifact stops and drops what lies outside it (ARCHITECTURE §5) — the prefixes before and the
//! suffixes after the aligned segment are aligned recursively, so every element appears in the result exactly once,
//! either in a [`Step::Match`] or as a gap, in both sequences' order.
//!
//! Invariants: the result is monotone in both sequences (melding keeps each side's order of memory operations);
//! every index of `0..n` and `0..m` appears once. Cost: O(n·m) time and memory per level; callers bound `n·m`
//! (`MAX_CELLS`), the recursion only re-aligns disjoint rectangles so the total stays O(n·m) per level and the depth
//! is at most min(n, m).

/// Largest `n·m` the aligner accepts; bigger block pairs are not melded (reported).
pub const MAX_CELLS: usize = 1 << 20;

/// One step of an alignment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Element `i` of the first sequence aligned with element `j` of the second.
    Match(usize, usize),
    /// Element `i` of the first sequence alone.
    OnlyA(usize),
    /// Element `j` of the second sequence alone.
    OnlyB(usize),
}

/// Aligns sequences of lengths `n` and `m`; see the module doc.
pub fn align(n: usize, m: usize, gap: i64, score: &dyn Fn(usize, usize) -> Option<i64>) -> Vec<Step> {
    let mut out = Vec::with_capacity(n + m);
    align_range(0, n, 0, m, gap, score, &mut out);
    out
}

fn align_range(
    a0: usize,
    a1: usize,
    b0: usize,
    b1: usize,
    gap: i64,
    score: &dyn Fn(usize, usize) -> Option<i64>,
    out: &mut Vec<Step>,
) {
    let (n, m) = (a1 - a0, b1 - b0);
    if n == 0 || m == 0 {
        out.extend((a0..a1).map(Step::OnlyA));
        out.extend((b0..b1).map(Step::OnlyB));
        return;
    }
    let w = m + 1;
    let mut h = vec![0i64; (n + 1) * w];
    let mut best = (0i64, 0usize, 0usize);
    for i in 1..=n {
        for j in 1..=m {
            let mut v = 0;
            if let Some(s) = score(a0 + i - 1, b0 + j - 1) {
                v = v.max(h[(i - 1) * w + j - 1] + s);
            }
            v = v.max(h[(i - 1) * w + j] - gap).max(h[i * w + j - 1] - gap);
            h[i * w + j] = v;
            if v > best.0 {
                best = (v, i, j);
            }
        }
    }
    if best.0 == 0 {
        out.extend((a0..a1).map(Step::OnlyA));
        out.extend((b0..b1).map(Step::OnlyB));
        return;
    }
    // Traceback from the best cell to a zero cell.
    let (mut i, mut j) = (best.1, best.2);
    let mut seg = Vec::new();
    while i > 0 && j > 0 && h[i * w + j] > 0 {
        let v = h[i * w + j];
        if let Some(s) = score(a0 + i - 1, b0 + j - 1) {
            if v == h[(i - 1) * w + j - 1] + s {
                seg.push(Step::Match(a0 + i - 1, b0 + j - 1));
                i -= 1;
                j -= 1;
                continue;
            }
        }
        if v == h[(i - 1) * w + j] - gap {
            seg.push(Step::OnlyA(a0 + i - 1));
            i -= 1;
        } else {
            seg.push(Step::OnlyB(b0 + j - 1));
            j -= 1;
        }
    }
    drop(h);
    // Leading gaps of the segment belong with the prefix; keep the segment starting at a match.
    align_range(a0, a0 + i, b0, b0 + j, gap, score, out);
    seg.reverse();
    out.extend(seg);
    align_range(a0 + best.1, a1, b0 + best.2, b1, gap, score, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(a: &str, b: &str) -> Vec<Step> {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        align(a.len(), b.len(), 2, &|i, j| (a[i] == b[j]).then_some(10))
    }

    fn check_complete(steps: &[Step], n: usize, m: usize) {
        let (mut ia, mut ib) = (0, 0);
        for s in steps {
            match *s {
                Step::Match(i, j) => {
                    assert_eq!((i, j), (ia, ib));
                    ia += 1;
                    ib += 1;
                }
                Step::OnlyA(i) => {
                    assert_eq!(i, ia);
                    ia += 1;
                }
                Step::OnlyB(j) => {
                    assert_eq!(j, ib);
                    ib += 1;
                }
            }
        }
        assert_eq!((ia, ib), (n, m));
    }

    #[test]
    fn identical() {
        let s = run("abcd", "abcd");
        assert_eq!(s, vec![Step::Match(0, 0), Step::Match(1, 1), Step::Match(2, 2), Step::Match(3, 3)]);
    }

    #[test]
    fn trailing_elements_are_kept() {
        // The artifact's traceback dropped the elements after the best local segment.
        let s = run("abxyz", "abqz");
        check_complete(&s, 5, 4);
        assert!(s.contains(&Step::Match(4, 3)), "{s:?}");
    }

    #[test]
    fn disjoint_and_empty() {
        check_complete(&run("abc", "xyz"), 3, 3);
        check_complete(&run("", "xyz"), 0, 3);
        check_complete(&run("ab", ""), 2, 0);
    }

    #[test]
    fn gaps_inside() {
        let s = run("aXbc", "abYc");
        check_complete(&s, 4, 4);
        assert_eq!(s.iter().filter(|x| matches!(x, Step::Match(..))).count(), 3);
    }
}
