//! Value parsers for clap over closed sets of names ([`Named`]): encodings, error
//! modes and bench sections are read by the library's (or the command's) own
//! `from_name`, in any case and under their aliases, and a miss names the
//! accepted values, with the closest one when it looks like a typo.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};

/// A value parser for a closed set of names: `parse` reads a name (also an
/// alias, in any case), `values` lists the canonical names for the help, the
/// completions and errors, and `hint` may explain a miss better than the closest
/// name would.
#[derive(Clone)]
pub struct Named<T> {
    pub values: fn() -> Vec<PossibleValue>,
    pub parse: fn(&str) -> Option<T>,
    pub hint: fn(&str) -> Option<&'static str>,
}

impl<T> Named<T> {
    /// The canonical names the parser accepts.
    pub fn names(&self) -> Vec<String> {
        (self.values)()
            .iter()
            .map(|value| value.get_name().to_string())
            .collect()
    }
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Named<T> {
    type Value = T;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let given = value.to_string_lossy();
        if let Some(parsed) = (self.parse)(&given) {
            return Ok(parsed);
        }
        let names = self.names();
        let mut error = clap::Error::new(ErrorKind::InvalidValue).with_cmd(command);
        let arg = arg.map_or_else(|| "...".to_string(), ToString::to_string);
        error.insert(ContextKind::InvalidArg, ContextValue::String(arg));
        error.insert(
            ContextKind::InvalidValue,
            ContextValue::String(given.to_string()),
        );
        if let Some(hint) = (self.hint)(&given) {
            error.insert(
                ContextKind::Suggested,
                ContextValue::StyledStrs(vec![hint.into()]),
            );
        } else if let Some(close) = did_you_mean(&given.to_ascii_lowercase(), &names) {
            error.insert(
                ContextKind::SuggestedValue,
                ContextValue::String(close.to_string()),
            );
        }
        error.insert(ContextKind::ValidValue, ContextValue::Strings(names));
        error.insert(
            ContextKind::Usage,
            ContextValue::StyledStr(command.clone().render_usage()),
        );
        Err(error)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.values)().into_iter()))
    }
}

/// The candidate closest to `given`, if it is close enough to be a likely typo:
/// `given` is a prefix of it (3 characters at least), or the edit distance
/// (`strsim`'s Levenshtein) is at most a third of its length.
fn did_you_mean<'a>(given: &str, candidates: &'a [String]) -> Option<&'a str> {
    candidates
        .iter()
        .filter_map(|candidate| {
            let distance = if given.len() >= 3 && candidate.starts_with(given) {
                0
            } else {
                strsim::levenshtein(given, candidate)
            };
            (distance <= candidate.chars().count() / 3).then_some((distance, candidate.as_str()))
        })
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::did_you_mean;

    #[test]
    fn close_names() {
        let names = ["--json".to_string(), "validate".to_string()];
        assert_eq!(did_you_mean("--jsn", &names), Some("--json"));
        assert_eq!(did_you_mean("valdiate", &names), Some("validate"));
        assert_eq!(did_you_mean("-x", &["-q".to_string()]), None);
        assert_eq!(
            did_you_mean("utf8-to-utf16", &["utf8-to-utf16le".to_string()]),
            Some("utf8-to-utf16le")
        );
    }
}
