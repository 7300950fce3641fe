//! Deterministic sample text in several scripts (ASCII, accented Latin, Cyrillic,
//! CJK, emoji and a mix of them), made by code from a fixed seed, for benchmarks,
//! the CLI's `bench` and tests.
//!
//! The text is plausible, not random-quality: words from short lists, or runs of
//! letters from Unicode blocks, between spaces, punctuation and line breaks as each
//! script writes them (see `Script`). The same script, length and seed give the
//! same text on every machine and every run, and the generator is meant to stay
//! stable across versions where practical, so that benchmark results stay
//! comparable; it is no format to depend on.
//!
//! ```
//! use utfast::sample::{self, Script};
//!
//! let text = sample::text(Script::Mixed, 1000, sample::SEED);
//! assert_eq!(text.len(), 1000);
//! assert!(utfast::validate_utf8(text.as_bytes()));
//! assert_eq!(text, sample::text(Script::Mixed, 1000, sample::SEED));
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::{Range, RangeInclusive};

/// A seed for callers with no reason to choose another. The crate's benchmarks and
/// `utfast bench` both use it, so that they measure the same bytes.
///
/// ```
/// use utfast::sample::{self, Script};
///
/// let text = sample::text(Script::Cjk, 64, sample::SEED);
/// assert_eq!(text.len(), 64);
/// ```
pub const SEED: u64 = 0x5EED_0F07_FA57;

/// A small, fast, seeded pseudo-random generator (SplitMix64): the same seed gives
/// the same numbers on every machine. Good enough to vary sample text; not for
/// statistics, and never for cryptography.
///
/// ```
/// use utfast::sample::SampleRng;
///
/// let mut a = SampleRng::new(7);
/// let mut b = SampleRng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct SampleRng {
    state: u64,
}

impl SampleRng {
    /// A generator whose numbers follow from `seed` (any value, 0 too).
    ///
    /// ```
    /// use utfast::sample::SampleRng;
    ///
    /// let mut rng = SampleRng::new(0);
    /// assert_ne!(rng.next_u64(), rng.next_u64());
    /// ```
    pub fn new(seed: u64) -> SampleRng {
        SampleRng { state: seed }
    }

    /// The next 64 pseudo-random bits.
    ///
    /// ```
    /// use utfast::sample::SampleRng;
    ///
    /// let first = SampleRng::new(42).next_u64();
    /// assert_eq!(first, SampleRng::new(42).next_u64());
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, from the high bits of [`next_u64`](Self::next_u64)
    /// (multiply and shift: as good as uniform for any `n` this module needs).
    ///
    /// `below(0)` is 0.
    ///
    /// ```
    /// use utfast::sample::SampleRng;
    ///
    /// let mut rng = SampleRng::new(1);
    /// assert!((0..1000).all(|_| rng.below(6) < 6));
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// An element of a non-empty slice.
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// A character of `range`, which holds scalar values only (no surrogates).
    fn char_in(&mut self, range: RangeInclusive<u32>) -> char {
        let offset = self.below((range.end() - range.start() + 1) as usize) as u32;
        char::from_u32(range.start() + offset).expect("the range holds scalar values")
    }
}

/// The kind of text [`text`] and [`short_strings`] make.
///
/// ```
/// use utfast::sample::Script;
///
/// let names: Vec<&str> = Script::ALL.iter().map(|s| s.name()).collect();
/// assert_eq!(names, ["ascii", "latin", "cyrillic", "cjk", "emoji", "mixed"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Script {
    /// English-like words and a few numbers and symbols: 1-byte characters only.
    /// Short strings: printable ASCII.
    Ascii,
    /// French, German, Spanish, Portuguese, Czech and Polish words among English
    /// ones: mostly ASCII, one word in three with accented letters (2 bytes).
    /// Short strings: about one character in seven accented.
    Latin,
    /// Russian words: Cyrillic letters (2 bytes) between ASCII spaces and
    /// punctuation. Short strings: mostly Cyrillic letters, some ASCII.
    Cyrillic,
    /// Chinese ideographs with some Japanese hiragana (3 bytes), full-width
    /// punctuation (3 bytes) and no spaces; a rare line break or ASCII number.
    /// Short strings: ideographs and hiragana.
    Cjk,
    /// Runs of emoji (4 bytes), separated by a space half of the time.
    /// Short strings: emoji only.
    Emoji,
    /// The deliberately hard case for code that branches on character length:
    /// every word from a script chosen at random (ASCII, accented Latin, Cyrillic,
    /// Greek, Arabic, Devanagari, CJK or emoji), so that 1- to 4-byte characters
    /// interleave at random. Short strings: every character's width chosen at
    /// random, half of them ASCII.
    Mixed,
}

impl Script {
    /// Every script, from the simplest to the hardest.
    ///
    /// ```
    /// use utfast::sample::Script;
    ///
    /// assert_eq!(Script::ALL.len(), 6);
    /// assert_eq!(Script::ALL[0], Script::Ascii);
    /// ```
    pub const ALL: [Script; 6] = [
        Script::Ascii,
        Script::Latin,
        Script::Cyrillic,
        Script::Cjk,
        Script::Emoji,
        Script::Mixed,
    ];

    /// A lower-case name, as in benchmark ids and `utfast bench`.
    ///
    /// ```
    /// use utfast::sample::Script;
    ///
    /// assert_eq!(Script::Cjk.name(), "cjk");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Script::Ascii => "ascii",
            Script::Latin => "latin",
            Script::Cyrillic => "cyrillic",
            Script::Cjk => "cjk",
            Script::Emoji => "emoji",
            Script::Mixed => "mixed",
        }
    }

    /// The generator of `what` (0: text, 1: short strings) in this script: each
    /// pair of them has a stream of its own for the same seed.
    fn rng(self, seed: u64, what: u64) -> SampleRng {
        SampleRng::new(seed ^ (((what << 4) | self as u64) + 1) << 56)
    }
}

/// Exactly `len` bytes of text in `script`, the same for the same arguments on
/// every call. The last word is cut at a character boundary and the 0 to 3 bytes
/// left, if any, are ASCII spaces, so the text ends on a whole character.
///
/// ```
/// use utfast::sample::{self, Script};
///
/// let text = sample::text(Script::Cyrillic, 100, 1);
/// assert_eq!(text.len(), 100);
/// assert!(!text.is_ascii());
/// assert_ne!(text, sample::text(Script::Cyrillic, 100, 2));
/// ```
pub fn text(script: Script, len: usize, seed: u64) -> String {
    let mut rng = script.rng(seed, 0);
    let mut text = String::with_capacity(len + 128);
    while text.len() < len {
        push_word(&mut rng, script, &mut text);
    }
    let mut end = len;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.truncate(end);
    while text.len() < len {
        text.push(' ');
    }
    text
}

/// `count` strings of `sizes` bytes each (a size chosen at random in the range for
/// every string), the same for the same arguments on every call. They are stored
/// one after the other in one buffer, each followed by a line break and 0 to 7
/// spaces, so that they start at offsets that vary at random, as slices of real
/// text do. Returns the buffer and the range of each string in it.
///
/// Every string is exactly its size: where a character of `script` is wider than
/// the bytes left, the string ends with narrower ones (so a 1-byte string is always
/// ASCII). In every script but [`Script::Ascii`] the first character is not ASCII
/// when the size allows, so that no string of 2 bytes or more is all ASCII.
///
/// An empty `sizes` gives no strings.
///
/// ```
/// use utfast::sample::{self, Script};
///
/// let (buf, ranges) = sample::short_strings(Script::Mixed, 1..=16, 100, 1);
/// assert_eq!(ranges.len(), 100);
/// for range in ranges {
///     assert!((1..=16).contains(&range.len()));
///     let s = &buf[range]; // a whole number of characters
///     assert!(s.len() < 2 || !s.is_ascii());
/// }
/// ```
pub fn short_strings(
    script: Script,
    sizes: RangeInclusive<usize>,
    count: usize,
    seed: u64,
) -> (String, Vec<Range<usize>>) {
    let (min, max) = sizes.into_inner();
    let count = if min <= max { count } else { 0 };
    let mut rng = script.rng(seed, 1);
    let mut buf = String::with_capacity(count * ((min + max) / 2 + 5));
    let mut ranges = Vec::with_capacity(count);
    for _ in 0..count {
        let start = buf.len();
        let mut left = min + rng.below(max - min + 1);
        let mut first = true;
        while left > 0 {
            let width = short_width(&mut rng, script, first).min(left);
            buf.push(char_of_width(&mut rng, script, width));
            left -= width;
            first = false;
        }
        ranges.push(start..buf.len());
        buf.push('\n');
        for _ in 0..rng.below(8) {
            buf.push(' ');
        }
    }
    (buf, ranges)
}

// ---------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------

const ASCII_WORDS: &[&str] = &[
    "the",
    "quick",
    "brown",
    "fox",
    "jumps",
    "over",
    "a",
    "lazy",
    "dog",
    "text",
    "is",
    "checked",
    "at",
    "memory",
    "speed",
    "and",
    "every",
    "answer",
    "matches",
    "std",
    "exactly",
    "lorem",
    "ipsum",
    "dolor",
    "sit",
    "amet",
    "consectetur",
    "adipiscing",
    "elit",
    "sed",
    "do",
    "eiusmod",
    "tempor",
    "incididunt",
    "ut",
    "labore",
    "magna",
    "aliqua",
    "Unicode",
    "UTF-8",
    "1984",
    "(see",
    "below)",
    "\"quoted\"",
    "x=42;",
];

const ACCENTED_WORDS: &[&str] = &[
    "été",
    "déjà",
    "où",
    "français",
    "garçon",
    "naïve",
    "élève",
    "très",
    "crème",
    "brûlée",
    "façade",
    "Straße",
    "über",
    "schön",
    "Größe",
    "Zürich",
    "mañana",
    "niño",
    "año",
    "canção",
    "coração",
    "ação",
    "São",
    "Ångström",
    "smörgåsbord",
    "Kraków",
    "łódź",
    "příliš",
    "žluťoučký",
    "kůň",
    "Ísland",
    "Þór",
];

const CYRILLIC_WORDS: &[&str] = &[
    "привет",
    "мир",
    "текст",
    "быстро",
    "проверка",
    "память",
    "скорость",
    "ответ",
    "точно",
    "ядро",
    "вектор",
    "байт",
    "строка",
    "юникод",
    "Москва",
    "съешь",
    "ещё",
    "этих",
    "мягких",
    "французских",
    "булок",
    "да",
    "выпей",
    "же",
    "чаю",
    "и",
    "в",
];

/// Accented Latin letters, all of 2 bytes.
const ACCENTED_LETTERS: &[char] = &[
    'é', 'è', 'ê', 'à', 'â', 'ç', 'ô', 'û', 'ü', 'ö', 'ä', 'ß', 'ñ', 'í', 'ó', 'ú', 'á', 'č', 'ř',
    'š', 'ž', 'ě', 'ů', 'ý', 'œ', 'ï', 'ë', 'å', 'ø', 'ł',
];

/// Full-width CJK punctuation, all of 3 bytes.
const CJK_PUNCTUATION: &[&str] = &["，", "。", "、", "「", "」", "！", "？", "："];

/// Appends a word of `script` and what follows it.
fn push_word(rng: &mut SampleRng, script: Script, text: &mut String) {
    match script {
        Script::Ascii => text.push_str(rng.pick(ASCII_WORDS)),
        Script::Latin => {
            let words = if rng.below(3) == 0 {
                ACCENTED_WORDS
            } else {
                ASCII_WORDS
            };
            text.push_str(rng.pick(words));
        }
        Script::Cyrillic => text.push_str(rng.pick(CYRILLIC_WORDS)),
        Script::Cjk => {
            push_run(rng, text, 2..=12, cjk_char);
            // No spaces: full-width punctuation or nothing; now and then a line
            // break or a number.
            match rng.below(20) {
                0..=13 => text.push_str(rng.pick(CJK_PUNCTUATION)),
                14..=17 => {}
                18 => text.push('\n'),
                _ => push_run(rng, text, 1..=4, |rng| rng.char_in('0' as u32..='9' as u32)),
            }
            return;
        }
        Script::Emoji => {
            push_run(rng, text, 1..=4, emoji_char);
            if rng.chance(50) {
                text.push(' ');
            }
            return;
        }
        Script::Mixed => match rng.below(8) {
            0 => text.push_str(rng.pick(ASCII_WORDS)),
            1 => text.push_str(rng.pick(ACCENTED_WORDS)),
            2 => text.push_str(rng.pick(CYRILLIC_WORDS)),
            3 => push_run(rng, text, 2..=9, |rng| {
                rng.char_in(0x03B1..=0x03C9) // Greek
            }),
            4 => push_run(rng, text, 2..=9, |rng| {
                rng.char_in(0x0627..=0x064A) // Arabic
            }),
            5 => push_run(rng, text, 2..=9, |rng| {
                rng.char_in(0x0915..=0x0939) // Devanagari
            }),
            6 => push_run(rng, text, 1..=6, cjk_char),
            _ => push_run(rng, text, 1..=3, emoji_char),
        },
    }
    text.push_str(match rng.below(20) {
        0 => ", ",
        1 => ". ",
        2 => ".\n",
        _ => " ",
    });
}

/// Appends a number of characters made by `next`, chosen at random in `lengths`.
fn push_run(
    rng: &mut SampleRng,
    text: &mut String,
    lengths: RangeInclusive<usize>,
    next: impl Fn(&mut SampleRng) -> char,
) {
    let n = lengths.start() + rng.below(lengths.end() - lengths.start() + 1);
    for _ in 0..n {
        text.push(next(rng));
    }
}

/// A CJK unified ideograph, or one time in five a hiragana letter: 3 bytes.
fn cjk_char(rng: &mut SampleRng) -> char {
    if rng.chance(20) {
        rng.char_in(0x3041..=0x3096)
    } else {
        rng.char_in(0x4E00..=0x9FFF)
    }
}

/// An emoji from the pictographs and emoticons blocks or the supplemental
/// pictographs: 4 bytes.
fn emoji_char(rng: &mut SampleRng) -> char {
    if rng.chance(70) {
        rng.char_in(0x1F300..=0x1F64F)
    } else {
        rng.char_in(0x1F900..=0x1F9FF)
    }
}

// ---------------------------------------------------------------------------
// Characters of short strings
// ---------------------------------------------------------------------------

/// The width in bytes of the next character of a short string, before it is fitted
/// to the bytes left.
fn short_width(rng: &mut SampleRng, script: Script, first: bool) -> usize {
    match script {
        Script::Ascii => 1,
        Script::Latin if first || rng.chance(14) => 2,
        Script::Latin => 1,
        Script::Cyrillic if first || !rng.chance(15) => 2,
        Script::Cyrillic => 1,
        Script::Cjk => 3,
        Script::Emoji => 4,
        Script::Mixed if !first && rng.chance(50) => 1,
        Script::Mixed => 2 + rng.below(3),
    }
}

/// A character of exactly `width` bytes (1 to 4), of `script` where it has one.
fn char_of_width(rng: &mut SampleRng, script: Script, width: usize) -> char {
    let c = match (width, script) {
        (1, _) => rng.char_in(0x20..=0x7E),
        (2, Script::Latin) => rng.pick(ACCENTED_LETTERS),
        (2, Script::Cyrillic) => rng.char_in(0x0430..=0x044F),
        (2, _) => match rng.below(4) {
            0 => rng.pick(ACCENTED_LETTERS),
            1 => rng.char_in(0x0430..=0x044F), // Cyrillic
            2 => rng.char_in(0x03B1..=0x03C9), // Greek
            _ => rng.char_in(0x0627..=0x064A), // Arabic
        },
        (3, Script::Mixed) if rng.chance(25) => rng.char_in(0x0915..=0x0939), // Devanagari
        (3, _) => cjk_char(rng),
        _ => emoji_char(rng),
    };
    debug_assert_eq!(c.len_utf8(), width);
    c
}

/// A column of `rows` rows in Arrow's layout (values and `i32` offsets), rows
/// of 1 to `2 * average - 1` bytes (about `average` on average): every third row
/// non-ASCII (Latin, Cyrillic or CJK letters), and, with `bad_every`, an
/// invalid byte (0xFF) at the end of every `bad_every`-th row. The column
/// benchmarks' input.
///
/// ```
/// let (values, offsets) = utfast::sample::column(1000, 16, Some(100));
/// assert_eq!(offsets.len(), 1001);
/// let bad = utfast::rows::utf8_validity(&values, &offsets).unwrap();
/// assert_eq!(bad.invalid_count(), 10);
/// ```
pub fn column(rows: usize, average: usize, bad_every: Option<usize>) -> (Vec<u8>, Vec<i32>) {
    let pieces = ["é", "ж", "日"];
    let (mut values, mut offsets) = (Vec::new(), alloc::vec![0i32]);
    let mut seed = SEED;
    for row in 0..rows {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let len = 1 + (seed >> 33) as usize % (2 * average.max(1) - 1);
        let start = values.len();
        while values.len() - start < len {
            if row % 3 == 0 && (values.len() - start) % 5 == 0 {
                values.extend_from_slice(pieces[row % 9 / 3].as_bytes());
            } else {
                values.push(b'a' + ((values.len() - start) % 26) as u8);
            }
        }
        if bad_every.is_some_and(|n| row % n == n / 2) {
            values.push(0xFF);
        }
        offsets.push(i32::try_from(values.len()).unwrap_or(i32::MAX));
    }
    (values, offsets)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many characters of each width (index 1 to 4) `text` holds.
    fn widths(text: &str) -> [usize; 5] {
        let mut counts = [0; 5];
        for c in text.chars() {
            counts[c.len_utf8()] += 1;
        }
        counts
    }

    #[test]
    fn the_same_seed_gives_the_same_text() {
        for script in Script::ALL {
            let text_a = text(script, 10_000, 3);
            assert_eq!(text_a, text(script, 10_000, 3), "{}", script.name());
            assert_ne!(text_a, text(script, 10_000, 4), "{}", script.name());
            let short = short_strings(script, 1..=64, 200, 3);
            assert_eq!(short, short_strings(script, 1..=64, 200, 3));
            assert_ne!(short, short_strings(script, 1..=64, 200, 4));
        }
        // Scripts do not share a stream.
        assert_ne!(text(Script::Latin, 100, 0), text(Script::Ascii, 100, 0));
    }

    #[test]
    fn text_is_valid_utf8_of_the_requested_length() {
        for script in Script::ALL {
            for len in [0, 1, 2, 3, 4, 5, 7, 63, 64, 65, 1000, 4097, 1 << 16] {
                let sample = text(script, len, SEED);
                assert!(
                    len.abs_diff(sample.len()) <= 4,
                    "{}: {} bytes for {len}",
                    script.name(),
                    sample.len()
                );
                assert_eq!(sample.len(), len, "{}", script.name());
                assert!(crate::from_utf8(sample.as_bytes()).is_ok());
                assert!(core::str::from_utf8(sample.as_bytes()).is_ok());
            }
        }
    }

    #[test]
    fn text_has_the_widths_its_script_describes() {
        for script in Script::ALL {
            let sample = text(script, 1 << 16, SEED);
            let [_, one, two, three, four] = widths(&sample);
            let all = one + two + three + four;
            let name = script.name();
            match script {
                Script::Ascii => assert!(sample.is_ascii(), "{name}"),
                Script::Latin => {
                    assert_eq!(three + four, 0, "{name}");
                    assert!(two > 0 && two * 5 < all, "{name}: {two} of {all}");
                }
                Script::Cyrillic => {
                    assert_eq!(three + four, 0, "{name}");
                    assert!(two > 2 * one, "{name}: {two} of {all}");
                }
                Script::Cjk => {
                    assert_eq!(two + four, 0, "{name}");
                    assert!(three * 10 > all * 9, "{name}: {three} of {all}");
                }
                Script::Emoji => {
                    assert_eq!(two + three, 0, "{name}");
                    assert!(four * 2 > all, "{name}: {four} of {all}");
                }
                Script::Mixed => {
                    // Every width, and plenty of each.
                    for (width, n) in [one, two, three, four].into_iter().enumerate() {
                        assert!(n * 40 > all, "{name}: {n} of {all} of width {}", width + 1);
                    }
                    // Interleaved: the width changes often, not once per block.
                    let changes = sample
                        .chars()
                        .zip(sample.chars().skip(1))
                        .filter(|(a, b)| a.len_utf8() != b.len_utf8())
                        .count();
                    assert!(changes * 10 > all, "{name}: {changes} changes");
                }
            }
        }
    }

    #[test]
    fn short_strings_have_the_asked_sizes_and_widths() {
        for script in Script::ALL {
            let name = script.name();
            for sizes in [1..=1, 2..=2, 3..=3, 7..=7, 64..=64, 1..=64] {
                let (buf, ranges) = short_strings(script, sizes.clone(), 500, SEED);
                assert_eq!(ranges.len(), 500);
                let mut starts = [false; 8];
                for range in &ranges {
                    assert!(sizes.contains(&range.len()), "{name}: {range:?}");
                    let s = &buf[range.clone()];
                    starts[range.start % 8] = true;
                    match script {
                        Script::Ascii => assert!(s.is_ascii()),
                        _ => assert!(s.len() < 2 || !s.is_ascii(), "{name}: {s:?}"),
                    }
                }
                assert!(starts.iter().all(|&hit| hit), "{name}: alignments");
            }
            let (buf, ranges) = short_strings(script, 64..=64, 100, SEED);
            let strings: String = ranges.into_iter().map(|r| &buf[r]).collect();
            let [_, one, two, three, four] = widths(&strings);
            match script {
                Script::Ascii => assert_eq!(two + three + four, 0),
                Script::Latin | Script::Cyrillic => assert!(two > 0 && three + four == 0),
                Script::Cjk => assert!(three > 0 && four == 0),
                Script::Emoji => assert!(four > 0 && three == 0),
                Script::Mixed => assert!(one > 0 && two > 0 && three > 0 && four > 0),
            }
        }
    }

    #[test]
    fn empty_ranges_give_nothing() {
        let (min, max) = (2, 1);
        assert_eq!(short_strings(Script::Ascii, min..=max, 5, SEED).1.len(), 0);
        assert_eq!(SampleRng::new(SEED).below(0), 0);
    }
}
