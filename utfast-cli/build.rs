//! Tells `utfast bench` which versions of the libraries it compares with were
//! built in: read from the workspace's Cargo.lock (`unknown` outside it), set as
//! `UTFAST_CLI_<NAME>_VERSION` for `env!`.

use std::path::Path;

fn main() {
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock.display());
    let text = std::fs::read_to_string(&lock).unwrap_or_default();
    for name in ["simdutf8", "encoding_rs", "simdutf"] {
        let version = locked_version(&text, name).unwrap_or("unknown");
        let var = name.to_ascii_uppercase();
        println!("cargo:rustc-env=UTFAST_CLI_{var}_VERSION={version}");
    }
}

/// The version of package `name` in a Cargo.lock: the `version = "..."` line
/// after `name = "NAME"` (the highest, if several versions are locked).
fn locked_version<'a>(lock: &'a str, name: &str) -> Option<&'a str> {
    let mut lines = lock.lines();
    let mut best: Option<&str> = None;
    let wanted = format!("name = \"{name}\"");
    while let Some(line) = lines.next() {
        if line.trim() != wanted {
            continue;
        }
        let version = lines
            .next()
            .and_then(|line| line.trim().strip_prefix("version = \""))
            .and_then(|rest| rest.strip_suffix('"'));
        if let Some(version) = version {
            let numbers =
                |v: &str| -> Vec<u64> { v.split('.').filter_map(|n| n.parse().ok()).collect() };
            if best.is_none_or(|b| numbers(version) > numbers(b)) {
                best = Some(version);
            }
        }
    }
    best
}
