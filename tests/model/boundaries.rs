//! The character boundaries that std's lossy decoding implies: shared by
//! `tests/detect.rs` and the `detect` fuzz target (`#[path]`-included), which
//! check `is_char_boundary` and its kin against it.

/// The boundaries of the pieces `String::from_utf8_lossy` decodes: characters
/// and maximal invalid subparts; `boundary[i]` for every index `0..=src.len()`.
pub fn lossy_boundaries(src: &[u8]) -> Vec<bool> {
    let mut boundary = vec![false; src.len() + 1];
    let mut at = 0;
    for chunk in src.utf8_chunks() {
        for (i, _) in chunk.valid().char_indices() {
            boundary[at + i] = true;
        }
        at += chunk.valid().len();
        if !chunk.invalid().is_empty() {
            boundary[at] = true;
            at += chunk.invalid().len();
        }
    }
    boundary[src.len()] = true;
    boundary
}
