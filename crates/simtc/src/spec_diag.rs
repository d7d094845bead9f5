//! Launch-spec errors at `file:line:col`: reads a spec (`simtc run`, `simtc check`) and points its errors at the
//! spec's text, with the source line and a caret.
//!
//! The spec reader (`simtc_emu::LaunchSpec`) names what is wrong by argument number and key
//! (`argument 2: unknown type 'i33' ...`), and TOML syntax errors by line and column; this module finds that
//! place in the text: the line of the key the message names inside the N-th `[[args]]` (or `[[buffers]]`)
//! table, else the line of a quoted value it names there, else the table's header; a top-level key
//! (`'grid' must have ...`) at its line. A message it cannot place is printed as the reader wrote it.

use super::Rejected;
use simtc_emu::LaunchSpec;
use std::path::Path;

/// Keys of an argument table, as words a message may use unquoted (`fill value 1.5 does not fit`), most specific
/// first; the argument kinds (`buffer`, `scalar`, `bytes`) name the table rather than a key and come last.
const KEYS: [&str; 13] = [
    "init", "fill", "random", "iota", "file", "len", "type", "value", "pointers", "output", "buffer", "scalar", "bytes",
];

/// Reads the launch spec at `path`; errors carry `file:line:col` where the text locates them.
pub(crate) fn read_spec(path: &Path) -> Result<LaunchSpec, Rejected> {
    LaunchSpec::read(path).map_err(|e| {
        let msg = e.to_string();
        let file = path.display().to_string();
        let located = msg
            .strip_prefix(&format!("{file}: error: "))
            .and_then(|rest| Some((rest, std::fs::read_to_string(path).ok()?)))
            .and_then(|(rest, text)| locate(rest, &text).map(|(l, c, m)| render(&file, &text, l, c, &m)));
        Rejected(located.unwrap_or(msg))
    })
}

/// `file:line:col: error: message`, the source line and a caret.
fn render(file: &str, text: &str, line: usize, col: usize, message: &str) -> String {
    let src = text.lines().nth(line - 1).unwrap_or("");
    let pad: String = src.chars().take(col - 1).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
    format!("{file}:{line}:{col}: error: {message}\n{src}\n{pad}^")
}

/// Where in `text` the spec error `msg` is: 1-based line and column, and the message to print there.
fn locate(msg: &str, text: &str) -> Option<(usize, usize, String)> {
    if let Some(rest) = msg.strip_prefix("TOML parse error at line ") {
        return toml_error(rest);
    }
    let lines: Vec<&str> = text.lines().collect();
    let (table, n, rest) = if let Some(r) = msg.strip_prefix("[[buffers]]: argument ") {
        ("[[buffers]]", r.split_once(':')?.0.trim().parse::<usize>().ok()?, msg)
    } else if let Some(r) = msg.strip_prefix("[[buffers]] entry ") {
        ("[[buffers]]", r.split_once(':')?.0.trim().parse::<usize>().ok()?, msg)
    } else if let Some(r) = msg.strip_prefix("argument ") {
        ("[[args]]", r.split_once(':')?.0.trim().parse::<usize>().ok()?, msg)
    } else {
        // A top-level key: the lines before the first table.
        let end = lines.iter().position(|l| l.trim_start().starts_with('[')).unwrap_or(lines.len());
        let (l, c) = quoted(msg).iter().find_map(|q| key_line(&lines[..end], q))?;
        return Some((l + 1, c + 1, msg.to_string()));
    };
    let headers: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].trim() == table).collect();
    let start = *headers.get(n.checked_sub(1)?)?;
    let end = (start + 1..lines.len()).find(|&i| lines[i].trim_start().starts_with('[')).unwrap_or(lines.len());
    let body = &lines[start..end];
    let quotes = quoted(rest);
    let words = KEYS.iter().filter(|k| has_word(rest, k)).map(|k| k.to_string());
    let (l, c) = quotes
        .iter()
        .find_map(|q| key_line(body, q))
        .or_else(|| words.clone().find_map(|w| key_line(body, &w)))
        .or_else(|| quotes.iter().find_map(|q| value_at(body, q)))
        .unwrap_or((0, 0));
    Some((start + l + 1, c + 1, msg.to_string()))
}

/// `line L, column C\n<snippet>\nmessage...` (the toml crate's layout) as a location and a one-line message.
fn toml_error(rest: &str) -> Option<(usize, usize, String)> {
    let (first, more) = rest.split_once('\n').unwrap_or((rest, ""));
    let (l, c) = first.split_once(", column ")?;
    let (line, col) = (l.trim().parse::<usize>().ok()?, c.trim().parse::<usize>().ok()?);
    // The snippet lines look like `  |`, `3 | text` and `  | ^`; the rest is the message.
    let is_snippet = |s: &str| {
        s.trim_start().split_once('|').is_some_and(|(n, _)| n.trim().parse::<u64>().is_ok() || n.trim().is_empty())
    };
    let message: Vec<&str> = more.lines().filter(|s| !s.trim().is_empty() && !is_snippet(s)).collect();
    Some((line.max(1), col.max(1), if message.is_empty() { "invalid TOML".into() } else { message.join("; ") }))
}

/// The `'quoted'` words of `msg`, in order; `'random.seed'` gives `random`.
fn quoted(msg: &str) -> Vec<String> {
    msg.split('\'').skip(1).step_by(2).map(|q| q.split('.').next().unwrap_or(q).to_string()).collect()
}

/// Whether `msg` has `word` as a whole word.
fn has_word(msg: &str, word: &str) -> bool {
    msg.match_indices(word).any(|(i, _)| {
        let before = msg[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric() && c != '_');
        let after = msg[i + word.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric() && c != '_');
        before && after
    })
}

/// The line (index in `lines`) and column (0-based) of `key = ...` in `lines`, also inside an inline table
/// (`init = { fill = 1 }`).
fn key_line(lines: &[&str], key: &str) -> Option<(usize, usize)> {
    lines.iter().enumerate().find_map(|(i, l)| {
        l.match_indices(key).find_map(|(c, _)| {
            let before = l[..c].trim_end();
            let starts = before.is_empty() || before.ends_with('{') || before.ends_with(',');
            let after = l[c + key.len()..].trim_start();
            (starts && after.starts_with('=')).then_some((i, c))
        })
    })
}

/// The line and column of value `v` (quoted or bare) after an `=` in `lines`.
fn value_at(lines: &[&str], v: &str) -> Option<(usize, usize)> {
    if v.is_empty() {
        return None;
    }
    lines.iter().enumerate().find_map(|(i, l)| {
        let eq = l.find('=')?;
        l[eq..].find(v).map(|c| (i, eq + c - usize::from(l[..eq + c].ends_with('"'))))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: &str = "kernel = \"k\"\ngrid = [1, 1, 1, 4]\nblock = [32, 1, 1]\n[[args]]\nbuffer = \"a\"\ntype = \"i32\"\nlen = 4\n[[args]]\nbuffer = \"x\"\ntype = \"i33\"\nlen = 4\ninit = { fill = 1.5 }\n";

    #[test]
    fn argument_errors_point_at_the_key() {
        let at = |m: &str| locate(m, SPEC).map(|(l, c, _)| (l, c));
        assert_eq!(at("argument 2: unknown type 'i33' (use i8 ...)"), Some((10, 1)));
        assert_eq!(at("argument 2: buffer 'x': fill value 1.5 does not fit in i32"), Some((12, 10)));
        assert_eq!(at("argument 2: 'random.seed' must be an integer"), Some((8, 1)));
        assert_eq!(at("argument 1: buffer 'a' needs a 'init'"), Some((5, 1)));
        assert_eq!(at("'grid' must have 1 to 3 dimensions, found 4"), Some((2, 1)));
        assert_eq!(at("argument 3: whatever"), None);
        assert_eq!(at("something else"), None);
    }

    #[test]
    fn toml_errors_keep_their_position() {
        let m = "TOML parse error at line 3, column 1\n  |\n3 | block = [32,1,1]\n  | ^\ninvalid array\nexpected `]`\n";
        assert_eq!(locate(m, ""), Some((3, 1, "invalid array; expected `]`".into())));
    }
}
