//! Command-line parsing with clap's derive API: the commands, their options and
//! inputs, and value parsers for encodings, error modes and bench sections that
//! name the accepted values when given another. [`parse`] turns the command line
//! into a [`Command`]; the shell completion scripts come from the same
//! definitions.

use std::ffi::{OsStr, OsString};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgAction, Args, CommandFactory, Parser, Subcommand, ValueHint};
use clap_complete::{Generator, Shell};
use utfast::Encoding;

use crate::bench::{BenchOptions, Section};
use crate::convert::ConvertOptions;
use crate::detect::DetectOptions;
use crate::help;
use crate::repair::RepairOptions;
use crate::shared::input::Input;
use crate::shared::progress::ProgressMode;
use crate::shared::report::{cli_name, label};
use crate::validate::{Report, ValidateOptions};

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// `--version`, `-V`.
    Version,
    /// `validate [--quiet|--json] [FILE...]`.
    Validate(ValidateOptions),
    /// `bench [--quick] [--only NAME[,NAME...]] [FILE...]`.
    Bench(BenchOptions),
    /// `convert --from ENC --to ENC [-o OUT] [--bom] [--quiet] [FILE]`.
    Convert(ConvertOptions),
    /// `detect [--json] [FILE...]`.
    Detect(DetectOptions),
    /// `repair [--backup] [--quiet] FILE...`.
    Repair(RepairOptions),
    /// `completions SHELL`.
    Completions(Shell),
}

#[derive(Parser, Debug)]
#[command(
    name = "utfast",
    version,
    about = help::ABOUT,
    override_usage = help::usage(),
    after_help = help::after(),
    subcommand_required = true,
    arg_required_else_help = false,
    disable_version_flag = true
)]
struct Cli {
    /// Print the version and the active kernel
    #[arg(short = 'V', long, action = ArgAction::Version)]
    version: Option<bool>,
    #[command(subcommand)]
    command: CliCommand,
}

#[derive(Subcommand, Debug)]
enum CliCommand {
    /// Check that each FILE is valid UTF-8, and say where and why not
    #[command(
        long_about = help::VALIDATE,
        override_usage = help::VALIDATE_USAGE,
        after_help = help::exit_status(help::VALIDATE_EXIT)
    )]
    Validate(ValidateArgs),
    /// Convert FILE from one encoding to another
    #[command(
        long_about = help::CONVERT,
        override_usage = help::CONVERT_USAGE,
        after_help = help::convert_after()
    )]
    Convert(ConvertArgs),
    /// Measure every kernel against std, simdutf8 and encoding_rs
    #[command(
        long_about = help::bench(),
        override_usage = help::BENCH_USAGE,
        after_help = help::exit_status(help::BENCH_EXIT)
    )]
    Bench(BenchArgs),
    /// Guess the encoding of each FILE
    #[command(
        long_about = help::detect(),
        override_usage = help::DETECT_USAGE,
        after_help = help::exit_status(help::DETECT_EXIT)
    )]
    Detect(DetectArgs),
    /// Make each FILE valid UTF-8 in place (invalid sequences become U+FFFD)
    #[command(
        long_about = help::REPAIR,
        override_usage = help::REPAIR_USAGE,
        after_help = help::exit_status(help::REPAIR_EXIT)
    )]
    Repair(RepairArgs),
    /// Print a completion script for a shell
    #[command(long_about = help::COMPLETIONS, override_usage = help::COMPLETIONS_USAGE)]
    Completions {
        /// The shell
        #[arg(value_name = "SHELL")]
        shell: Shell,
    },
}

#[derive(Args, Debug)]
struct ValidateArgs {
    /// Print nothing; only the exit status tells
    #[arg(short, long, conflicts_with = "json")]
    quiet: bool,
    /// Print one JSON object per input, one per line
    #[arg(long, long_help = help::VALIDATE_JSON)]
    json: bool,
    #[command(flatten)]
    progress: ProgressArgs,
    /// The files to check; standard input when none, or for '-'
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    /// The encoding of the input, or auto (detected)
    #[arg(short, long, value_name = "ENC", value_parser = from_parser(), long_help = help::FROM)]
    from: FromEncoding,
    /// The encoding of the output
    #[arg(short, long, value_name = "ENC", value_parser = encoding_parser())]
    to: Encoding,
    /// What becomes of invalid input
    #[arg(
        short,
        long,
        value_name = "MODE",
        value_parser = error_mode_parser(),
        default_value = "strict",
        long_help = help::ERRORS
    )]
    errors: utfast::ErrorMode,
    /// Write to the file OUT instead of standard output ('-': standard output)
    #[arg(short, long, value_name = "OUT", value_hint = ValueHint::FilePath)]
    output: Option<PathBuf>,
    /// Start the output with the byte order mark of --to (not for latin1)
    #[arg(long, long_help = help::BOM)]
    bom: bool,
    /// No report of invalid input (exit status 1); I/O errors are still reported
    #[arg(short, long)]
    quiet: bool,
    #[command(flatten)]
    progress: ProgressArgs,
    /// The input; standard input when none, or for '-'
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    input: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct BenchArgs {
    #[arg(long, help = help::quick())]
    quick: bool,
    /// Print one JSON document instead of the tables
    #[arg(long, long_help = help::BENCH_JSON)]
    json: bool,
    /// Measure only the sections named
    #[arg(
        long,
        value_name = "NAME",
        value_delimiter = ',',
        value_parser = section_parser(),
        long_help = help::ONLY
    )]
    only: Vec<Vec<Section>>,
    /// Files to measure on instead of generated text
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct DetectArgs {
    /// Print one JSON object per input, one per line
    #[arg(long, long_help = help::DETECT_JSON)]
    json: bool,
    /// The files to examine; standard input when none, or for '-'
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct RepairArgs {
    /// Keep each repaired FILE's original as FILE.bak (refused if FILE.bak exists)
    #[arg(long)]
    backup: bool,
    /// No line per repaired FILE; errors are still reported
    #[arg(short, long)]
    quiet: bool,
    #[command(flatten)]
    progress: ProgressArgs,
    /// The files to repair
    #[arg(value_name = "FILE", required = true, value_hint = ValueHint::FilePath)]
    files: Vec<PathBuf>,
}

/// `--progress` and `--no-progress`, of the commands that read their input in
/// chunks; the last one given wins.
#[derive(Args, Debug)]
struct ProgressArgs {
    /// Show a progress bar on standard error
    #[arg(long, overrides_with = "no_progress", long_help = help::PROGRESS)]
    progress: bool,
    /// Show no progress bar, even for a large file
    #[arg(long, overrides_with = "progress")]
    no_progress: bool,
}

impl ProgressArgs {
    /// The mode asked for; `--quiet` turns the automatic bar off.
    fn mode(&self, quiet: bool) -> ProgressMode {
        match (self.progress, self.no_progress) {
            (true, _) => ProgressMode::Always,
            (_, true) => ProgressMode::Never,
            _ if quiet => ProgressMode::Never,
            _ => ProgressMode::Auto,
        }
    }
}

/// Parses the arguments after the program name. The error is clap's: a usage
/// error (exit status 2), or the help asked for (printed to standard output,
/// exit status 0).
pub fn parse(args: impl Iterator<Item = OsString>) -> Result<Command, clap::Error> {
    let args: Vec<OsString> = std::iter::once(OsString::from("utfast"))
        .chain(args)
        .collect();
    match Cli::try_parse_from(&args) {
        Ok(cli) => cli.command.into_command(),
        Err(error) if error.kind() == ErrorKind::DisplayVersion => Ok(Command::Version),
        Err(mut error) => {
            add_tip(&mut error, &args[1..]);
            Err(error)
        }
    }
}

impl CliCommand {
    /// The command to run, after the rules clap does not check.
    fn into_command(self) -> Result<Command, clap::Error> {
        Ok(match self {
            CliCommand::Validate(args) => Command::Validate(ValidateOptions {
                report: match (args.quiet, args.json) {
                    (true, _) => Report::Quiet,
                    (_, true) => Report::Json,
                    _ => Report::Text,
                },
                progress: args.progress.mode(args.quiet),
                inputs: Input::all_or_stdin(args.files),
            }),
            CliCommand::Convert(args) => {
                if args.bom && args.to.bom().is_none() {
                    return Err(usage_error(
                        "convert",
                        ErrorKind::ArgumentConflict,
                        format!(
                            "option '--bom' cannot be used with '--to {}': {} has no byte order mark",
                            cli_name(args.to),
                            label(args.to)
                        ),
                    ));
                }
                Command::Convert(ConvertOptions {
                    from: args.from.0,
                    to: args.to,
                    output: args.output.filter(|path| path != Path::new("-")),
                    bom: args.bom,
                    quiet: args.quiet,
                    errors: args.errors,
                    progress: args.progress.mode(args.quiet),
                    input: args.input.map_or(Input::Stdin, Input::from_arg),
                })
            }
            CliCommand::Bench(args) => Command::Bench(BenchOptions {
                quick: args.quick,
                json: args.json,
                only: args.only.concat(),
                inputs: args.files.into_iter().map(Input::from_arg).collect(),
            }),
            CliCommand::Detect(args) => Command::Detect(DetectOptions {
                json: args.json,
                inputs: Input::all_or_stdin(args.files),
            }),
            CliCommand::Repair(args) => {
                if args.files.iter().any(|path| path == Path::new("-")) {
                    return Err(usage_error(
                        "repair",
                        ErrorKind::InvalidValue,
                        "'repair' rewrites files in place and cannot take standard input ('-'); \
                         to repair a stream, use 'utfast convert --from utf-8 --to utf-8 \
                         --errors replace'",
                    ));
                }
                Command::Repair(RepairOptions {
                    backup: args.backup,
                    quiet: args.quiet,
                    progress: args.progress.mode(args.quiet),
                    files: args.files,
                })
            }
            CliCommand::Completions { shell } => Command::Completions(shell),
        })
    }
}

/// A usage error of `subcommand` that clap's rules do not catch, shown as clap
/// shows its own (with the command's usage line).
fn usage_error(subcommand: &str, kind: ErrorKind, message: impl std::fmt::Display) -> clap::Error {
    let mut cli = Cli::command();
    cli.build();
    match cli.find_subcommand_mut(subcommand) {
        Some(command) => command.error(kind, message),
        None => cli.error(kind, message),
    }
}

/// Writes the completion script for `shell`.
pub fn write_completions(shell: Shell, out: &mut dyn Write) -> io::Result<()> {
    let mut cli = Cli::command();
    cli.set_bin_name("utfast");
    cli.build();
    shell.try_generate(&cli, out)
}

/// The long help of `subcommand` (`utfast help SUBCOMMAND`), without colour.
#[cfg(test)]
fn long_help(subcommand: &str) -> String {
    let mut cli = Cli::command();
    cli.build();
    let command = cli.find_subcommand_mut(subcommand).expect("a subcommand");
    command.render_long_help().to_string()
}

/// Adds a tip to clap's `error` where the command line suggests more than clap
/// can know: a word that is not a command is likely a file to validate, an
/// option before the command belongs to a command, and `convert` wants
/// encodings. `args` are the arguments after the program name.
fn add_tip(error: &mut clap::Error, args: &[OsString]) {
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.clone()),
        _ => None,
    };
    let tip = match error.kind() {
        ErrorKind::InvalidSubcommand if error.get(ContextKind::SuggestedSubcommand).is_none() => {
            match text(ContextKind::InvalidSubcommand) {
                Some(word) if args.first().is_some_and(|first| *first == *word) => {
                    format!("to check a file, write 'utfast validate {word}'")
                }
                _ => return,
            }
        }
        ErrorKind::UnknownArgument if error.get(ContextKind::SuggestedArg).is_none() => {
            let Some(option) = text(ContextKind::InvalidArg) else {
                return;
            };
            let option = option.split_once('=').map_or(&*option, |(name, _)| name);
            let cli = Cli::command();
            let given = |name: &str| args.iter().any(|arg| arg == name);
            if cli
                .get_subcommands()
                .any(|command| given(command.get_name()))
            {
                return;
            }
            let owners: Vec<String> = cli
                .get_subcommands()
                .filter(|command| has_option(command, option))
                .map(|command| format!("'{}'", command.get_name()))
                .collect();
            let Some(first) = owners.first() else {
                return;
            };
            format!(
                "'{option}' is an option of {}: write it after the command, e.g. 'utfast {} {option} ...'",
                match owners.split_last() {
                    Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                    _ => first.clone(),
                },
                first.trim_matches('\'')
            )
        }
        ErrorKind::MissingRequiredArgument if args.first().is_some_and(|arg| arg == "convert") => {
            format!(
                "e.g. 'utfast convert --from utf-16le --to utf-8 in.txt'; ENC is one of {}",
                names(&encoding_parser()).join(", ")
            )
        }
        _ => return,
    };
    error.insert(
        ContextKind::Suggested,
        ContextValue::StyledStrs(vec![tip.into()]),
    );
}

/// Whether `command` has the option spelt `option` (`--long` or `-s`).
fn has_option(command: &clap::Command, option: &str) -> bool {
    command.get_arguments().any(|arg| {
        option
            .strip_prefix("--")
            .is_some_and(|long| arg.get_long() == Some(long))
            || option
                .strip_prefix('-')
                .is_some_and(|short| arg.get_short().is_some_and(|s| short == s.to_string()))
    })
}

/// A value parser for a closed set of names: `parse` reads a name (also an
/// alias, in any case), `values` lists the canonical names for the help, the
/// completions and errors, and `hint` may explain a miss better than the closest
/// name would.
#[derive(Clone)]
struct Named<T> {
    values: fn() -> Vec<PossibleValue>,
    parse: fn(&str) -> Option<T>,
    hint: fn(&str) -> Option<&'static str>,
}

/// The canonical names a parser accepts.
fn names<T>(parser: &Named<T>) -> Vec<String> {
    (parser.values)()
        .iter()
        .map(|value| value.get_name().to_string())
        .collect()
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
        let names = names(self);
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

/// `--from` and `--to`: an encoding, as `Encoding::from_name` reads it. The one
/// place that knows the encoding type's names.
fn encoding_parser() -> Named<Encoding> {
    Named {
        values: || {
            Encoding::ALL
                .into_iter()
                .map(|encoding| PossibleValue::new(cli_name(encoding)))
                .collect()
        },
        parse: Encoding::from_name,
        hint: encoding_hint,
    }
}

/// A better answer than the closest name for encodings named without the byte
/// order, or ASCII.
/// The value of `--from`: an encoding, or `None` for `auto`.
#[derive(Clone, Debug)]
struct FromEncoding(Option<Encoding>);

/// `--from`: an encoding, or `auto`.
fn from_parser() -> Named<FromEncoding> {
    Named {
        values: || {
            let mut values = (encoding_parser().values)();
            values.push(PossibleValue::new("auto").help("detect the encoding"));
            values
        },
        parse: |name| match name.trim() {
            auto if auto.eq_ignore_ascii_case("auto") => Some(FromEncoding(None)),
            name => Encoding::from_name(name).map(|encoding| FromEncoding(Some(encoding))),
        },
        hint: encoding_hint,
    }
}

fn encoding_hint(given: &str) -> Option<&'static str> {
    let bare: String = given
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    Some(match bare.as_str() {
        "utf16" | "ucs2" => {
            "say which byte order: utf-16le or utf-16be (a file starting with ff fe is \
             utf-16le, with fe ff utf-16be)"
        }
        "utf32" | "ucs4" => {
            "say which byte order: utf-32le or utf-32be (a file starting with ff fe 00 00 \
             is utf-32le, with 00 00 fe ff utf-32be)"
        }
        "ascii" | "usascii" => "ASCII is a subset of utf-8 and of latin1: use either",
        _ => return None,
    })
}

/// `--errors`: a mode, as `utfast::ErrorMode::from_name` reads it.
fn error_mode_parser() -> Named<utfast::ErrorMode> {
    Named {
        values: || {
            utfast::ErrorMode::ALL
                .iter()
                .map(|mode| PossibleValue::new(mode.name()).help(help::error_mode(mode.name())))
                .collect()
        },
        parse: utfast::ErrorMode::from_name,
        hint: |_| None,
    }
}

/// `--only`: a section of `bench`, or a group of them.
fn section_parser() -> Named<Vec<Section>> {
    Named {
        values: || {
            let value = |name: &'static str| {
                let value = PossibleValue::new(name);
                if !Section::GROUPS.contains(&name) {
                    return value;
                }
                let sections = Section::named(name).unwrap_or_default();
                let names: Vec<&str> = sections.iter().map(|s| s.name()).collect();
                value.help(help::section_group(&names))
            };
            Section::names().map(value).collect()
        },
        parse: Section::named,
        hint: |_| None,
    }
}

/// The candidate closest to `given`, if it is close enough to be a likely typo:
/// `given` is a prefix of it (3 characters at least), or the edit distance is at
/// most a third of its length.
fn did_you_mean<'a>(given: &str, candidates: &'a [String]) -> Option<&'a str> {
    candidates
        .iter()
        .filter_map(|candidate| {
            let distance = if given.len() >= 3 && candidate.starts_with(given) {
                0
            } else {
                edit_distance(given, candidate)
            };
            (distance <= candidate.chars().count() / 3).then_some((distance, candidate.as_str()))
        })
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        current[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_strs(args: &[&str]) -> Result<Command, clap::Error> {
        parse(args.iter().map(OsString::from))
    }

    /// The error's message as printed, without colour.
    fn error(args: &[&str]) -> String {
        parse_strs(args).unwrap_err().render().to_string()
    }

    #[test]
    fn help_names_every_bench_section_and_the_progress_threshold() {
        let help = long_help("bench");
        for name in Section::names() {
            assert!(help.contains(name), "the help does not mention {name}");
        }
        let documented = format!(
            "larger than {} MiB",
            crate::shared::progress::AUTO_MIN >> 20
        );
        assert!(help::PROGRESS.contains(&documented));
    }

    #[test]
    fn definitions_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn parses_commands_flags_and_inputs() {
        assert_eq!(
            parse_strs(&["validate"]).unwrap(),
            Command::Validate(ValidateOptions {
                report: Report::Text,
                progress: ProgressMode::Auto,
                inputs: vec![Input::Stdin],
            })
        );
        assert_eq!(
            parse_strs(&["validate", "-q", "a", "-", "--", "-b"]).unwrap(),
            Command::Validate(ValidateOptions {
                report: Report::Quiet,
                progress: ProgressMode::Never,
                inputs: vec![
                    Input::File("a".into()),
                    Input::Stdin,
                    Input::File("-b".into())
                ],
            })
        );
        assert_eq!(
            parse_strs(&["detect", "a", "--json", "-"]).unwrap(),
            Command::Detect(DetectOptions {
                json: true,
                inputs: vec![Input::File("a".into()), Input::Stdin],
            })
        );
        assert_eq!(
            parse_strs(&["repair", "--backup", "a", "b"]).unwrap(),
            Command::Repair(RepairOptions {
                backup: true,
                quiet: false,
                progress: ProgressMode::Auto,
                files: vec!["a".into(), "b".into()],
            })
        );
    }

    /// The tips and lists of values that clap does not give by itself (the
    /// others are checked in tests/cli.rs).
    #[test]
    fn explains_usage_errors() {
        for (args, message) in [
            (&["--from", "x"][..], "'--from' is an option of 'convert'"),
            (&["--vers"], "tip: a similar argument exists: '--version'"),
            (
                &["convert", "-f", "utf-8", "-t", "ascii"],
                "tip: ASCII is a subset of utf-8 and of latin1",
            ),
            (
                &["convert", "-f", "utf-8", "-t", "koi8-r"],
                "[possible values: utf-8, utf-16le, utf-16be, utf-32le, utf-32be, latin1, \
                 windows-1252, cesu-8, mutf-8, wtf-8]",
            ),
            (
                &["bench", "--only", "validate,"],
                "[possible values: validate, transcode, stream, validate-utf8,",
            ),
        ] {
            let error = error(args);
            assert!(error.contains(message), "{args:?}: {error}");
        }
        // A tip about files only for the command's place, and about an option
        // only before the command.
        assert!(!error(&["help", "a.txt"]).contains("tip"));
        assert!(!error(&["validate", "--from"]).contains("is an option of"));
    }

    #[test]
    fn parses_bench_sections() {
        let Ok(Command::Bench(options)) = parse_strs(&[
            "bench",
            "--only",
            "utf8-to-utf16le,validate",
            "a.txt",
            "--only=UTF32-to-UTF8",
        ]) else {
            panic!("not parsed");
        };
        assert_eq!(
            options.only,
            [
                Section::Utf8ToUtf16le,
                Section::ValidateUtf8,
                Section::ValidateUtf16le,
                Section::Utf32ToUtf8
            ]
        );
        assert_eq!(options.inputs, [Input::File("a.txt".into())]);
        assert!(!options.quick);
    }

    #[test]
    fn parses_convert() {
        let expected = ConvertOptions {
            from: Some(Encoding::Utf16Le),
            to: Encoding::Utf8,
            output: Some("out.txt".into()),
            bom: true,
            quiet: false,
            errors: utfast::ErrorMode::Strict,
            progress: ProgressMode::Auto,
            input: Input::File("in.txt".into()),
        };
        for args in [
            &[
                "convert", "--from", "utf-16le", "--to", "utf-8", "-o", "out.txt", "--bom",
                "in.txt",
            ][..],
            &[
                "convert",
                "-futf-16le",
                "-tutf8",
                "-oout.txt",
                "--bom",
                "--",
                "in.txt",
            ],
        ] {
            let Ok(Command::Convert(options)) = parse_strs(args) else {
                panic!("not parsed: {args:?}");
            };
            assert_eq!(options, expected, "{args:?}");
        }
        let Ok(Command::Convert(options)) = parse_strs(&[
            "convert",
            "-f",
            "latin1",
            "-t",
            "iso-8859-1",
            "-q",
            "-e",
            "Surrogate_Escape",
            "-o",
            "-",
            "-",
        ]) else {
            panic!("not parsed");
        };
        assert_eq!(
            (options.output, options.input, options.quiet, options.errors),
            (None, Input::Stdin, true, utfast::ErrorMode::SurrogateEscape)
        );
    }

    #[test]
    fn parses_progress_options() {
        let mode = |args: &[&str]| match parse_strs(args).unwrap() {
            Command::Validate(options) => options.progress,
            Command::Convert(options) => options.progress,
            Command::Repair(options) => options.progress,
            other => panic!("{other:?}"),
        };
        let convert = ["convert", "-f", "utf-8", "-t", "latin1"];
        for (flags, expected) in [
            (&[][..], ProgressMode::Auto),
            (&["--progress"], ProgressMode::Always),
            (&["--no-progress"], ProgressMode::Never),
            (&["--progress", "--no-progress"], ProgressMode::Never),
            (&["--no-progress", "--progress"], ProgressMode::Always),
            (&["-q"], ProgressMode::Never),
            (&["-q", "--progress"], ProgressMode::Always),
        ] {
            for command in [&["validate"][..], &convert, &["repair", "f"]] {
                let args = [command, flags].concat();
                assert_eq!(mode(&args), expected, "{args:?}");
            }
        }
    }

    #[test]
    fn completion_scripts_know_the_bench_sections() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let mut script = Vec::new();
            write_completions(shell, &mut script).unwrap();
            let script = String::from_utf8(script).unwrap();
            for word in ["transcode", "stream-validate-utf8"] {
                assert!(script.contains(word), "{shell:?} lacks {word}");
            }
        }
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("--jsn", "--json"), 1);
        assert_eq!(edit_distance("valdiate", "validate"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(did_you_mean("-x", &["-q".to_string()]), None);
        assert_eq!(
            did_you_mean("utf8-to-utf16", &["utf8-to-utf16le".to_string()]),
            Some("utf8-to-utf16le")
        );
    }
}
