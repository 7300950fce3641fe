//! The free functions' path for short input: plain loops over the characters,
//! called directly. Below a few dozen bytes the dispatcher's indirect call and a
//! vector kernel's set-up cost more than the conversion itself.
//!
//! These loops handle valid input with a worst-case output slice; anything else
//! (an invalid character, a shorter output) goes to the portable conversion (the
//! kernels' own exact tail), so the answers and errors do not change.

use crate::arch::dfa::short_is_ascii;
use crate::error::{Utf16Error, Utf8Error};
use crate::generic::portable;
use crate::ByteOrder;

/// UTF-8 input of at most this many bytes takes the short path.
pub(crate) const UTF8_BYTES: usize = 16;

/// UTF-16 input of at most this many units takes the short path.
pub(crate) const UTF16_UNITS: usize = 8;

/// The characters of UTF-8 `src` passed to `emit` one at a time, or false at
/// the first invalid one.
#[inline(always)]
fn each_char(src: &[u8], mut emit: impl FnMut(u32)) -> bool {
    let mut i = 0;
    while i < src.len() {
        let b = src[i];
        if b < 0x80 {
            emit(b as u32);
            i += 1;
            continue;
        }
        let Some((c, len)) = portable::decode_utf8(&src[i..]) else {
            return false;
        };
        emit(c);
        i += len;
    }
    true
}

/// UTF-8 to UTF-16 in byte order `order`, without dispatch.
#[inline(always)]
pub(crate) fn utf8_to_utf16(
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, Utf8Error> {
    // A unit per byte at most: room for any valid input.
    if let Some(out) = dst.get_mut(..src.len()) {
        if short_is_ascii(src) {
            for (o, &b) in out.iter_mut().zip(src) {
                *o = order.write_u16(b as u16);
            }
            return Ok(src.len());
        }
        let mut n = 0;
        let valid = each_char(src, |c| {
            if c < 0x10000 {
                out[n] = order.write_u16(c as u16);
                n += 1;
            } else {
                n += portable::encode_utf16(c, &mut out[n..], order).unwrap_or(0);
            }
        });
        if valid {
            return Ok(n);
        }
    }
    portable::utf8_to_utf16(src, dst, order)
}

/// UTF-8 to UTF-32, without dispatch.
#[inline(always)]
pub(crate) fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
    if let Some(out) = dst.get_mut(..src.len()) {
        let mut n = 0;
        let valid = each_char(src, |c| {
            out[n] = c;
            n += 1;
        });
        if valid {
            return Ok(n);
        }
    }
    portable::utf8_to_utf32(src, dst)
}

/// UTF-16 in byte order `order` to UTF-8, without dispatch.
#[inline(always)]
pub(crate) fn utf16_to_utf8(
    src: &[u16],
    dst: &mut [u8],
    order: ByteOrder,
) -> Result<usize, Utf16Error> {
    // Three bytes per unit at most (a pair: four for two units).
    if let Some(out) = dst.get_mut(..3 * src.len()) {
        if src.iter().fold(0, |all, &u| all | order.read_u16(u)) < 0x80 {
            for (o, &u) in out.iter_mut().zip(src) {
                *o = order.read_u16(u) as u8;
            }
            return Ok(src.len());
        }
        let (mut i, mut n) = (0, 0);
        while i < src.len() {
            let u = order.read_u16(src[i]);
            if u < 0x80 {
                out[n] = u as u8;
                n += 1;
                i += 1;
                continue;
            }
            let Some((c, len)) = portable::decode_utf16(&src[i..], order) else {
                break;
            };
            n += portable::encode_utf8(c, &mut out[n..]).unwrap_or(0);
            i += len;
        }
        if i == src.len() {
            return Ok(n);
        }
    }
    portable::utf16_to_utf8(src, dst, order)
}
