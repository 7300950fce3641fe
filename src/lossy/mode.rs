//! [`ErrorMode`]: what a conversion does with invalid input, and what each mode
//! makes of an invalid piece; the Windows-1252 table the `Windows1252` mode (and
//! the Windows-1252 encoding) reads bytes with.

/// What a conversion does with input that is not valid in its encoding.
///
/// The invalid pieces of UTF-8 are std's: the maximal subparts of the Unicode
/// Standard (`Utf8Error::error_len`, or the incomplete sequence at the end).
///
/// | mode | each invalid UTF-8 piece becomes | an unpaired surrogate (UTF-16/32 input) |
/// |---|---|---|
/// | `Strict` | the error is returned | the error is returned |
/// | `Replace` | one U+FFFD | U+FFFD |
/// | `SurrogateEscape` | U+DC80–U+DCFF per byte (UTF-16/UTF-32 output) | the byte again when in DC80–DCFF, else the error |
/// | `Latin1` | U+0080–U+00FF per byte | U+FFFD |
/// | `Windows1252` | the Windows-1252 character per byte | U+FFFD |
/// | `Ignore` | nothing | nothing |
/// | `BackslashReplace` | `\xNN` per byte (lower-case hex) | `\uNNNN` (`\UNNNNNNNN` above U+FFFF) |
///
/// `Ignore` and `BackslashReplace` are Python's `ignore` and `backslashreplace`
/// error handlers (for an invalid unit, as Python's encoder writes a lone
/// surrogate of a `str`).
///
/// ```
/// use utfast::ByteOrder;
/// use utfast::ErrorMode;
/// let bytes = b"caf\xE9 \x80";
/// let mut out = [0u16; 8];
/// let n = utfast::utf8::to_utf16_with(bytes, &mut out, ByteOrder::NATIVE, ErrorMode::Windows1252).unwrap();
/// assert_eq!(String::from_utf16(&out[..n]).unwrap(), "café €");
/// assert!(utfast::utf8::to_utf16_with(bytes, &mut out, ByteOrder::NATIVE, ErrorMode::Strict).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorMode {
    /// Stop at the first invalid piece and return its error.
    Strict,
    /// Replace each invalid piece by one U+FFFD REPLACEMENT CHARACTER, exactly as
    /// `String::from_utf8_lossy` and `String::from_utf16_lossy` do.
    Replace,
    /// UTF-8b, Python's `surrogateescape`: each byte of an invalid piece (always
    /// 0x80–0xFF) becomes the lone low surrogate U+DC00 + byte, in UTF-16 or
    /// UTF-32 output. Encoding back with this mode turns those surrogates into the
    /// bytes again, so any byte string survives the round trip. A `str` cannot hold
    /// a lone surrogate: conversions to `str` treat this mode as `Strict`.
    SurrogateEscape,
    /// Each byte of an invalid piece is taken as Latin-1: U+0080–U+00FF.
    Latin1,
    /// Each byte of an invalid piece is taken as Windows-1252, as HTML5 decoders
    /// do with bad bytes in supposed UTF-8: 0x80 is U+20AC €, 0x93 U+201C “, ...;
    /// the five bytes Windows-1252 leaves undefined (81, 8D, 8F, 90, 9D) and
    /// 0xA0–0xFF are Latin-1.
    Windows1252,
    /// Drop each invalid piece, as Python's `ignore` handler does.
    Ignore,
    /// Write each byte of an invalid piece as the four ASCII characters `\xNN`
    /// (two lower-case hex digits), as Python's `backslashreplace` handler does
    /// when decoding; an invalid UTF-16/UTF-32 unit becomes `\uNNNN`, or
    /// `\UNNNNNNNN` for a UTF-32 value above U+FFFF, as Python writes a lone
    /// surrogate when encoding.
    BackslashReplace,
}

impl ErrorMode {
    /// Every mode, in declaration order.
    ///
    /// ```
    /// assert_eq!(utfast::ErrorMode::ALL.len(), 7);
    /// ```
    pub const ALL: &'static [ErrorMode] = &[
        ErrorMode::Strict,
        ErrorMode::Replace,
        ErrorMode::SurrogateEscape,
        ErrorMode::Latin1,
        ErrorMode::Windows1252,
        ErrorMode::Ignore,
        ErrorMode::BackslashReplace,
    ];

    /// The mode's name on the command line: `strict`, `replace`,
    /// `surrogate-escape`, `latin1`, `windows-1252`, `ignore`,
    /// `backslash-replace`.
    ///
    /// ```
    /// assert_eq!(utfast::ErrorMode::SurrogateEscape.name(), "surrogate-escape");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ErrorMode::Strict => "strict",
            ErrorMode::Replace => "replace",
            ErrorMode::SurrogateEscape => "surrogate-escape",
            ErrorMode::Latin1 => "latin1",
            ErrorMode::Windows1252 => "windows-1252",
            ErrorMode::Ignore => "ignore",
            ErrorMode::BackslashReplace => "backslash-replace",
        }
    }

    /// The mode named `name` (as [`ErrorMode::name`] spells it, in any case; `_`
    /// for `-` and `surrogateescape`, `backslashreplace`, `latin-1`, `cp1252` and
    /// `windows1252` also do: Python's handler names are accepted).
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// assert_eq!(ErrorMode::from_name("Windows-1252"), Some(ErrorMode::Windows1252));
    /// assert_eq!(ErrorMode::from_name("surrogateescape"), Some(ErrorMode::SurrogateEscape));
    /// assert_eq!(ErrorMode::from_name("backslashreplace"), Some(ErrorMode::BackslashReplace));
    /// assert_eq!(ErrorMode::from_name("xmlcharrefreplace"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<ErrorMode> {
        let mut key = [0u8; 20];
        let key = crate::encoding::label_key(name, &mut key)?;
        Some(match key {
            b"strict" => ErrorMode::Strict,
            b"replace" => ErrorMode::Replace,
            b"surrogateescape" => ErrorMode::SurrogateEscape,
            b"latin1" => ErrorMode::Latin1,
            b"windows1252" | b"cp1252" => ErrorMode::Windows1252,
            b"ignore" => ErrorMode::Ignore,
            b"backslashreplace" => ErrorMode::BackslashReplace,
            _ => return None,
        })
    }

    /// The code points this mode makes of one invalid piece of a byte encoding
    /// (`piece`: a maximal subpart, or the incomplete sequence at the end), passed
    /// one by one to `put` until it returns `false`; returns whether all went.
    /// `Strict` and `Replace`: one U+FFFD. `SurrogateEscape`: U+DC80–U+DCFF per
    /// byte 0x80–0xFF (a byte below 0x80, which only the UTF-8 variants can find
    /// invalid, such as 00 in Modified UTF-8, stands for itself). `Latin1`: U+0000–
    /// U+00FF per byte. `Windows1252`: [`latin1::windows1252_char`](crate::latin1::windows1252_char) per byte.
    /// `Ignore`: none. `BackslashReplace`: `\`, `x` and two lower-case hex
    /// digits per byte.
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// let mut out = Vec::new();
    /// ErrorMode::SurrogateEscape.replace_piece(b"\xE2\x82", |cp| { out.push(cp); true });
    /// assert_eq!(out, [0xDCE2, 0xDC82]);
    /// out.clear();
    /// ErrorMode::Replace.replace_piece(b"\xE2\x82", |cp| { out.push(cp); true });
    /// assert_eq!(out, [0xFFFD]);
    /// out.clear();
    /// ErrorMode::BackslashReplace.replace_piece(b"\xE9", |cp| { out.push(cp); true });
    /// assert_eq!(out, ['\\' as u32, 'x' as u32, 'e' as u32, '9' as u32]);
    /// ```
    #[inline]
    pub fn replace_piece(self, piece: &[u8], mut put: impl FnMut(u32) -> bool) -> bool {
        match self {
            ErrorMode::Strict | ErrorMode::Replace => put(REPLACEMENT),
            ErrorMode::SurrogateEscape => piece.iter().all(|&b| match b {
                0..=0x7F => put(b as u32),
                _ => put(0xDC00 | b as u32),
            }),
            ErrorMode::Latin1 => piece.iter().all(|&b| put(b as u32)),
            ErrorMode::Windows1252 => piece.iter().all(|&b| put(windows1252_char(b) as u32)),
            ErrorMode::Ignore => true,
            ErrorMode::BackslashReplace => piece.iter().all(|&b| {
                let mut buf = [0u8; ESCAPE_MAX];
                escape(b'x', b as u32, 2, &mut buf)
                    .iter()
                    .all(|&c| put(c as u32))
            }),
        }
    }

    /// What an invalid UTF-16/UTF-32 value (an unpaired surrogate, or for UTF-32 a
    /// value above U+10FFFF) becomes in UTF-8 output: `Some(bytes)`, or `None` when
    /// the mode makes it an error.
    #[inline]
    pub(super) fn replace_unit(self, unit: u32, buf: &mut [u8; ESCAPE_MAX]) -> Option<&[u8]> {
        match self {
            ErrorMode::Strict => None,
            ErrorMode::SurrogateEscape => {
                if (0xDC80..=0xDCFF).contains(&unit) {
                    buf[0] = unit as u8;
                    Some(&buf[..1])
                } else {
                    None
                }
            }
            ErrorMode::Ignore => Some(&[]),
            ErrorMode::BackslashReplace => Some(unit_escape(unit, buf)),
            _ => Some(char::REPLACEMENT_CHARACTER.encode_utf8(buf).as_bytes()),
        }
    }

    /// The code points an invalid UTF-16/UTF-32 value becomes under a mode that
    /// replaces it (every mode but `Strict` and `SurrogateEscape`, which keep or
    /// refuse it as their context says), passed to `put`: nothing (`Ignore`), the
    /// escape (`BackslashReplace`), else U+FFFD.
    #[cfg(feature = "alloc")] // Streams only.
    #[inline]
    pub(crate) fn replace_unit_chars(self, unit: u32, mut put: impl FnMut(u32)) {
        match self {
            ErrorMode::Ignore => {}
            ErrorMode::BackslashReplace => {
                let mut buf = [0u8; ESCAPE_MAX];
                unit_escape(unit, &mut buf)
                    .iter()
                    .for_each(|&c| put(c as u32));
            }
            _ => put(REPLACEMENT),
        }
    }
}

impl core::fmt::Display for ErrorMode {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

const REPLACEMENT: u32 = char::REPLACEMENT_CHARACTER as u32;

/// The longest escape `BackslashReplace` writes: `\UNNNNNNNN`.
pub(crate) const ESCAPE_MAX: usize = 10;

/// An invalid unit as `BackslashReplace` writes it: `\uNNNN`, or `\UNNNNNNNN`
/// above U+FFFF.
fn unit_escape(unit: u32, buf: &mut [u8; ESCAPE_MAX]) -> &[u8] {
    if unit <= 0xFFFF {
        escape(b'u', unit, 4, buf)
    } else {
        escape(b'U', unit, 8, buf)
    }
}

/// `value` escaped as `\`, `letter` and its `digits` lowest hex digits (lower
/// case), in `buf`: `\xe9`, `\ud800`, `\U00110000`.
fn escape(letter: u8, value: u32, digits: usize, buf: &mut [u8; ESCAPE_MAX]) -> &[u8] {
    buf[0] = b'\\';
    buf[1] = letter;
    for (i, out) in buf[2..2 + digits].iter_mut().enumerate() {
        let nibble = (value >> (4 * (digits - 1 - i))) & 0xF;
        *out = b"0123456789abcdef"[nibble as usize];
    }
    &buf[..2 + digits]
}

/// What Windows-1252 assigns to 0x80–0x9F (the WHATWG Encoding Standard's index,
/// which fills the five holes with the C1 controls of the same value); the other
/// bytes are Latin-1.
const WINDOWS_1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
];

/// The character Windows-1252 gives to `byte`.
///
/// ```
/// assert_eq!(utfast::latin1::windows1252_char(0x80), '€');
/// assert_eq!(utfast::latin1::windows1252_char(0x81), '\u{81}');
/// assert_eq!(utfast::latin1::windows1252_char(b'A'), 'A');
/// assert_eq!(utfast::latin1::windows1252_char(0xE9), 'é');
/// ```
pub const fn windows1252_char(byte: u8) -> char {
    if byte >= 0x80 && byte < 0xA0 {
        WINDOWS_1252_HIGH[(byte - 0x80) as usize]
    } else {
        byte as char
    }
}

/// The Windows-1252 byte of the code point `cp`, or `None` when Windows-1252
/// has no byte for it: the inverse of [`latin1::windows1252_char`](crate::latin1::windows1252_char).
///
/// ```
/// assert_eq!(utfast::latin1::windows1252_byte('€' as u32), Some(0x80));
/// assert_eq!(utfast::latin1::windows1252_byte('é' as u32), Some(0xE9));
/// assert_eq!(utfast::latin1::windows1252_byte(0x81), Some(0x81));
/// assert_eq!(utfast::latin1::windows1252_byte(0x80), None); // a C1 control 1252 replaced
/// assert_eq!(utfast::latin1::windows1252_byte('Ω' as u32), None);
/// ```
pub const fn windows1252_byte(cp: u32) -> Option<u8> {
    if cp < 0x80 || (cp >= 0xA0 && cp <= 0xFF) {
        return Some(cp as u8);
    }
    let mut i = 0;
    while i < WINDOWS_1252_HIGH.len() {
        if WINDOWS_1252_HIGH[i] as u32 == cp {
            return Some(0x80 + i as u8);
        }
        i += 1;
    }
    None
}
