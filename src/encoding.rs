//! [`Encoding`], the one list of text encodings of the crate, and [`ByteOrder`],
//! the order UTF-16 units are stored in. Detection reports
//! one, the streaming [`Transcoder`](crate::stream::Transcoder) converts between any two,
//! and the command line parses their names with [`Encoding::from_name`].

use core::fmt;

/// A text encoding utfast reads and writes.
///
/// ```
/// use utfast::Encoding;
/// assert_eq!(Encoding::from_name("utf-16le"), Some(Encoding::Utf16Le));
/// assert_eq!(Encoding::Utf16Le.name(), "UTF-16LE");
/// assert_eq!(Encoding::Windows1252.to_string(), "windows-1252");
/// assert_eq!(Encoding::Utf32Be.bom(), Some(&[0x00, 0x00, 0xFE, 0xFF][..]));
/// assert_eq!(Encoding::Latin1.bom(), None);
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8.
    Utf8,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
    /// UTF-32, little-endian.
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
    /// ISO-8859-1: each byte is the code point of the same value (U+0000–U+00FF).
    Latin1,
    /// The Windows code page 1252 (a superset of printable ISO-8859-1), the
    /// usual single-byte encoding of Western European text, and the answer of
    /// last resort of detection: every byte string decodes in it (as the WHATWG
    /// Encoding Standard defines it, with its five holes as C1 controls).
    Windows1252,
    /// CESU-8: UTF-8 with supplementary characters as two 3-byte surrogates.
    Cesu8,
    /// Java's Modified UTF-8: CESU-8 with U+0000 as `C0 80`.
    Mutf8,
    /// WTF-8: UTF-8 that also holds unpaired surrogates.
    Wtf8,
}

impl Encoding {
    /// Every encoding, in the order of the enum.
    ///
    /// ```
    /// assert_eq!(utfast::Encoding::ALL.len(), 10);
    /// ```
    pub const ALL: [Encoding; 10] = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
        Encoding::Latin1,
        Encoding::Windows1252,
        Encoding::Cesu8,
        Encoding::Mutf8,
        Encoding::Wtf8,
    ];

    /// The encoding's usual name: `UTF-8`, `UTF-16LE`, `UTF-16BE`, `UTF-32LE`,
    /// `UTF-32BE`, `ISO-8859-1`, `windows-1252` (the WHATWG's spellings), `CESU-8`,
    /// `MUTF-8`, `WTF-8`. [`Encoding::from_name`] takes it back.
    ///
    /// ```
    /// assert_eq!(utfast::Encoding::Utf8.name(), "UTF-8");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Utf32Le => "UTF-32LE",
            Encoding::Utf32Be => "UTF-32BE",
            Encoding::Latin1 => "ISO-8859-1",
            Encoding::Windows1252 => "windows-1252",
            Encoding::Cesu8 => "CESU-8",
            Encoding::Mutf8 => "MUTF-8",
            Encoding::Wtf8 => "WTF-8",
        }
    }

    /// The encoding a label stands for, in any case, with or without `-`, `_` or
    /// spaces: the [`name`](Encoding::name)s, and `latin1`, `l1`, `cp1252`,
    /// `win1252` (PostgreSQL's name),
    /// `modified-utf-8`, `java`. Ambiguous labels (`utf-16` without a byte order)
    /// give `None`.
    ///
    /// ```
    /// use utfast::Encoding;
    /// assert_eq!(Encoding::from_name("utf8"), Some(Encoding::Utf8));
    /// assert_eq!(Encoding::from_name("UTF-16BE"), Some(Encoding::Utf16Be));
    /// assert_eq!(Encoding::from_name("latin1"), Some(Encoding::Latin1));
    /// assert_eq!(Encoding::from_name("iso-8859-1"), Some(Encoding::Latin1));
    /// assert_eq!(Encoding::from_name("cp1252"), Some(Encoding::Windows1252));
    /// assert_eq!(Encoding::from_name("Modified UTF-8"), Some(Encoding::Mutf8));
    /// assert_eq!(Encoding::from_name("utf-16"), None);
    /// for encoding in Encoding::ALL {
    ///     assert_eq!(Encoding::from_name(encoding.name()), Some(encoding));
    /// }
    /// ```
    pub fn from_name(label: &str) -> Option<Encoding> {
        let mut key = [0u8; 16];
        let key = label_key(label, &mut key)?;
        Some(match key {
            b"utf8" => Encoding::Utf8,
            b"utf16le" => Encoding::Utf16Le,
            b"utf16be" => Encoding::Utf16Be,
            b"utf32le" => Encoding::Utf32Le,
            b"utf32be" => Encoding::Utf32Be,
            b"latin1" | b"iso88591" | b"l1" => Encoding::Latin1,
            b"windows1252" | b"cp1252" | b"win1252" => Encoding::Windows1252,
            b"cesu8" => Encoding::Cesu8,
            b"mutf8" | b"modifiedutf8" | b"java" => Encoding::Mutf8,
            b"wtf8" => Encoding::Wtf8,
            _ => return None,
        })
    }

    /// The encoding's byte order mark (U+FEFF encoded), or `None` for the
    /// single-byte encodings, which have none. CESU-8, Modified UTF-8 and WTF-8
    /// encode U+FEFF as UTF-8 does.
    ///
    /// ```
    /// use utfast::Encoding;
    /// assert_eq!(Encoding::Utf8.bom(), Some(&b"\xEF\xBB\xBF"[..]));
    /// assert_eq!(Encoding::Mutf8.bom(), Encoding::Utf8.bom());
    /// assert_eq!(Encoding::Windows1252.bom(), None);
    /// ```
    pub const fn bom(self) -> Option<&'static [u8]> {
        match self {
            Encoding::Utf8 | Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8 => {
                Some(&[0xEF, 0xBB, 0xBF])
            }
            Encoding::Utf16Le => Some(&[0xFF, 0xFE]),
            Encoding::Utf16Be => Some(&[0xFE, 0xFF]),
            Encoding::Utf32Le => Some(&[0xFF, 0xFE, 0x00, 0x00]),
            Encoding::Utf32Be => Some(&[0x00, 0x00, 0xFE, 0xFF]),
            Encoding::Latin1 | Encoding::Windows1252 => None,
        }
    }

    /// The byte order mark, or an empty slice when the encoding has none.
    pub(crate) const fn bom_bytes(self) -> &'static [u8] {
        match self.bom() {
            Some(bom) => bom,
            None => &[],
        }
    }

    /// The byte order of UTF-16 and UTF-32 (little-endian for the others).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) const fn order(self) -> crate::ByteOrder {
        match self {
            Encoding::Utf16Be | Encoding::Utf32Be => crate::ByteOrder::Big,
            _ => crate::ByteOrder::Little,
        }
    }

    /// True for the UTF-8 variants, which only the general path converts.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) const fn is_variant(self) -> bool {
        matches!(self, Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8)
    }

    /// The bytes of one code unit: 1, 2 or 4.
    ///
    /// ```
    /// assert_eq!(utfast::Encoding::Utf16Be.unit_len(), 2);
    /// assert_eq!(utfast::Encoding::Cesu8.unit_len(), 1);
    /// ```
    /// use utfast::ByteOrder;
    pub const fn unit_len(self) -> usize {
        match self {
            Encoding::Utf16Le | Encoding::Utf16Be => 2,
            Encoding::Utf32Le | Encoding::Utf32Be => 4,
            _ => 1,
        }
    }
}

/// `label` without `-`, `_`, spaces and surrounding blanks, in lower case, in
/// `key`: how names of encodings and modes are compared. `None` when it does
/// not fit.
pub(crate) fn label_key<'a>(label: &str, key: &'a mut [u8]) -> Option<&'a [u8]> {
    let mut n = 0;
    for &b in label.trim().as_bytes() {
        if !matches!(b, b'-' | b'_' | b' ') {
            *key.get_mut(n)? = b.to_ascii_lowercase();
            n += 1;
        }
    }
    Some(&key[..n])
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The byte order in which UTF-16 code units are stored.
///
/// A `u16` "in byte order `Big`" is one whose bytes in memory, `u16::to_ne_bytes`,
/// are big-endian: on a little-endian machine its value is the code unit with its
/// bytes swapped. Every UTF-16 function takes the order its units are stored in;
/// `&[u16]` from `str::encode_utf16` is in [`ByteOrder::NATIVE`].
///
/// ```
/// use utfast::ByteOrder;
/// let stored = ByteOrder::Big.write_u16(0x20AC);
/// assert_eq!(stored.to_ne_bytes(), [0x20, 0xAC]);
/// assert_eq!(ByteOrder::Big.read_u16(stored), 0x20AC);
/// ```
/// use utfast::ByteOrder;
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    /// Little-endian: UTF-16LE.
    Little,
    /// Big-endian: UTF-16BE.
    Big,
}

impl ByteOrder {
    /// The byte order of this machine.
    pub const NATIVE: ByteOrder = if cfg!(target_endian = "big") {
        ByteOrder::Big
    } else {
        ByteOrder::Little
    };

    /// The code unit stored as `stored` in this byte order.
    #[inline(always)]
    pub const fn read_u16(self, stored: u16) -> u16 {
        match self {
            ByteOrder::Little => u16::from_le(stored),
            ByteOrder::Big => u16::from_be(stored),
        }
    }

    /// How `unit` is stored in this byte order.
    #[inline(always)]
    pub const fn write_u16(self, unit: u16) -> u16 {
        match self {
            ByteOrder::Little => unit.to_le(),
            ByteOrder::Big => unit.to_be(),
        }
    }
}
