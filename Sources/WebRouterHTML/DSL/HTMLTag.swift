/// The element names, one type per element; see ``HTMLElement`` and ``HTMLVoidElement``.
///
/// ```swift
/// let box = HTMLElement<HTMLTag.div, String> { "Hi" }   // same as div { "Hi" }
/// ```
public enum HTMLTag {
    /// The `<html>` element name.
    public enum html: HTMLTagName { public static var name: StaticString { "html" } }
    /// The `<head>` element name.
    public enum head: HTMLTagName { public static var name: StaticString { "head" } }
    /// The `<body>` element name.
    public enum body: HTMLTagName { public static var name: StaticString { "body" } }
    /// The `<title>` element name.
    public enum title: HTMLTagName { public static var name: StaticString { "title" } }
    /// The `<script>` element name.
    public enum script: HTMLTagName { public static var name: StaticString { "script" } }
    /// The `<style>` element name.
    public enum style: HTMLTagName { public static var name: StaticString { "style" } }
    /// The `<div>` element name.
    public enum div: HTMLTagName { public static var name: StaticString { "div" } }
    /// The `<span>` element name.
    public enum span: HTMLTagName { public static var name: StaticString { "span" } }
    /// The `<p>` element name.
    public enum p: HTMLTagName { public static var name: StaticString { "p" } }
    /// The `<a>` element name.
    public enum a: HTMLTagName { public static var name: StaticString { "a" } }
    /// The `<h1>` element name.
    public enum h1: HTMLTagName { public static var name: StaticString { "h1" } }
    /// The `<h2>` element name.
    public enum h2: HTMLTagName { public static var name: StaticString { "h2" } }
    /// The `<h3>` element name.
    public enum h3: HTMLTagName { public static var name: StaticString { "h3" } }
    /// The `<h4>` element name.
    public enum h4: HTMLTagName { public static var name: StaticString { "h4" } }
    /// The `<h5>` element name.
    public enum h5: HTMLTagName { public static var name: StaticString { "h5" } }
    /// The `<h6>` element name.
    public enum h6: HTMLTagName { public static var name: StaticString { "h6" } }
    /// The `<ul>` element name.
    public enum ul: HTMLTagName { public static var name: StaticString { "ul" } }
    /// The `<ol>` element name.
    public enum ol: HTMLTagName { public static var name: StaticString { "ol" } }
    /// The `<li>` element name.
    public enum li: HTMLTagName { public static var name: StaticString { "li" } }
    /// The `<nav>` element name.
    public enum nav: HTMLTagName { public static var name: StaticString { "nav" } }
    /// The `<header>` element name.
    public enum header: HTMLTagName { public static var name: StaticString { "header" } }
    /// The `<footer>` element name.
    public enum footer: HTMLTagName { public static var name: StaticString { "footer" } }
    /// The `<main>` element name.
    public enum main: HTMLTagName { public static var name: StaticString { "main" } }
    /// The `<section>` element name.
    public enum section: HTMLTagName { public static var name: StaticString { "section" } }
    /// The `<article>` element name.
    public enum article: HTMLTagName { public static var name: StaticString { "article" } }
    /// The `<aside>` element name.
    public enum aside: HTMLTagName { public static var name: StaticString { "aside" } }
    /// The `<dialog>` element name.
    public enum dialog: HTMLTagName { public static var name: StaticString { "dialog" } }
    /// The `<form>` element name.
    public enum form: HTMLTagName { public static var name: StaticString { "form" } }
    /// The `<button>` element name.
    public enum button: HTMLTagName { public static var name: StaticString { "button" } }
    /// The `<label>` element name.
    public enum label: HTMLTagName { public static var name: StaticString { "label" } }
    /// The `<select>` element name.
    public enum select: HTMLTagName { public static var name: StaticString { "select" } }
    /// The `<option>` element name.
    public enum option: HTMLTagName { public static var name: StaticString { "option" } }
    /// The `<textarea>` element name.
    public enum textarea: HTMLTagName { public static var name: StaticString { "textarea" } }
    /// The `<fieldset>` element name.
    public enum fieldset: HTMLTagName { public static var name: StaticString { "fieldset" } }
    /// The `<legend>` element name.
    public enum legend: HTMLTagName { public static var name: StaticString { "legend" } }
    /// The `<table>` element name.
    public enum table: HTMLTagName { public static var name: StaticString { "table" } }
    /// The `<thead>` element name.
    public enum thead: HTMLTagName { public static var name: StaticString { "thead" } }
    /// The `<tbody>` element name.
    public enum tbody: HTMLTagName { public static var name: StaticString { "tbody" } }
    /// The `<tr>` element name.
    public enum tr: HTMLTagName { public static var name: StaticString { "tr" } }
    /// The `<th>` element name.
    public enum th: HTMLTagName { public static var name: StaticString { "th" } }
    /// The `<td>` element name.
    public enum td: HTMLTagName { public static var name: StaticString { "td" } }
    /// The `<strong>` element name.
    public enum strong: HTMLTagName { public static var name: StaticString { "strong" } }
    /// The `<em>` element name.
    public enum em: HTMLTagName { public static var name: StaticString { "em" } }
    /// The `<small>` element name.
    public enum small: HTMLTagName { public static var name: StaticString { "small" } }
    /// The `<code>` element name.
    public enum code: HTMLTagName { public static var name: StaticString { "code" } }
    /// The `<pre>` element name.
    public enum pre: HTMLTagName { public static var name: StaticString { "pre" } }
    /// The `<time>` element name.
    public enum time: HTMLTagName { public static var name: StaticString { "time" } }
    /// The `<figure>` element name.
    public enum figure: HTMLTagName { public static var name: StaticString { "figure" } }
    /// The `<figcaption>` element name.
    public enum figcaption: HTMLTagName { public static var name: StaticString { "figcaption" } }
    /// The `<dl>` element name.
    public enum dl: HTMLTagName { public static var name: StaticString { "dl" } }
    /// The `<dt>` element name.
    public enum dt: HTMLTagName { public static var name: StaticString { "dt" } }
    /// The `<dd>` element name.
    public enum dd: HTMLTagName { public static var name: StaticString { "dd" } }
    /// The `<details>` element name.
    public enum details: HTMLTagName { public static var name: StaticString { "details" } }
    /// The `<summary>` element name.
    public enum summary: HTMLTagName { public static var name: StaticString { "summary" } }
    /// The `<output>` element name.
    public enum output: HTMLTagName { public static var name: StaticString { "output" } }
    /// The `<input>` element name.
    public enum input: HTMLTagName { public static var name: StaticString { "input" } }
    /// The `<img>` element name.
    public enum img: HTMLTagName { public static var name: StaticString { "img" } }
    /// The `<br>` element name.
    public enum br: HTMLTagName { public static var name: StaticString { "br" } }
    /// The `<hr>` element name.
    public enum hr: HTMLTagName { public static var name: StaticString { "hr" } }
    /// The `<meta>` element name.
    public enum meta: HTMLTagName { public static var name: StaticString { "meta" } }
    /// The `<link>` element name.
    public enum link: HTMLTagName { public static var name: StaticString { "link" } }
}

/// `<html>…</html>`.
public typealias html<Content: HTML> = HTMLElement<HTMLTag.html, Content>
/// `<head>…</head>`.
public typealias head<Content: HTML> = HTMLElement<HTMLTag.head, Content>
/// `<body>…</body>`.
public typealias body<Content: HTML> = HTMLElement<HTMLTag.body, Content>
/// `<title>…</title>`.
public typealias title<Content: HTML> = HTMLElement<HTMLTag.title, Content>
/// `<script>…</script>`.
public typealias script<Content: HTML> = HTMLElement<HTMLTag.script, Content>
/// `<style>…</style>`.
public typealias style<Content: HTML> = HTMLElement<HTMLTag.style, Content>
/// `<div>…</div>`.
public typealias div<Content: HTML> = HTMLElement<HTMLTag.div, Content>
/// `<span>…</span>`.
public typealias span<Content: HTML> = HTMLElement<HTMLTag.span, Content>
/// `<p>…</p>`.
public typealias p<Content: HTML> = HTMLElement<HTMLTag.p, Content>
/// `<a>…</a>`.
public typealias a<Content: HTML> = HTMLElement<HTMLTag.a, Content>
/// `<h1>…</h1>`.
public typealias h1<Content: HTML> = HTMLElement<HTMLTag.h1, Content>
/// `<h2>…</h2>`.
public typealias h2<Content: HTML> = HTMLElement<HTMLTag.h2, Content>
/// `<h3>…</h3>`.
public typealias h3<Content: HTML> = HTMLElement<HTMLTag.h3, Content>
/// `<h4>…</h4>`.
public typealias h4<Content: HTML> = HTMLElement<HTMLTag.h4, Content>
/// `<h5>…</h5>`.
public typealias h5<Content: HTML> = HTMLElement<HTMLTag.h5, Content>
/// `<h6>…</h6>`.
public typealias h6<Content: HTML> = HTMLElement<HTMLTag.h6, Content>
/// `<ul>…</ul>`.
public typealias ul<Content: HTML> = HTMLElement<HTMLTag.ul, Content>
/// `<ol>…</ol>`.
public typealias ol<Content: HTML> = HTMLElement<HTMLTag.ol, Content>
/// `<li>…</li>`.
public typealias li<Content: HTML> = HTMLElement<HTMLTag.li, Content>
/// `<nav>…</nav>`.
public typealias nav<Content: HTML> = HTMLElement<HTMLTag.nav, Content>
/// `<header>…</header>`.
public typealias header<Content: HTML> = HTMLElement<HTMLTag.header, Content>
/// `<footer>…</footer>`.
public typealias footer<Content: HTML> = HTMLElement<HTMLTag.footer, Content>
/// `<main>…</main>`.
public typealias main<Content: HTML> = HTMLElement<HTMLTag.main, Content>
/// `<section>…</section>`.
public typealias section<Content: HTML> = HTMLElement<HTMLTag.section, Content>
/// `<article>…</article>`.
public typealias article<Content: HTML> = HTMLElement<HTMLTag.article, Content>
/// `<aside>…</aside>`.
public typealias aside<Content: HTML> = HTMLElement<HTMLTag.aside, Content>
/// `<dialog>…</dialog>`.
public typealias dialog<Content: HTML> = HTMLElement<HTMLTag.dialog, Content>
/// `<form>…</form>`.
public typealias form<Content: HTML> = HTMLElement<HTMLTag.form, Content>
/// `<button>…</button>`.
public typealias button<Content: HTML> = HTMLElement<HTMLTag.button, Content>
/// `<label>…</label>`.
public typealias label<Content: HTML> = HTMLElement<HTMLTag.label, Content>
/// `<select>…</select>`.
public typealias select<Content: HTML> = HTMLElement<HTMLTag.select, Content>
/// `<option>…</option>`.
public typealias option<Content: HTML> = HTMLElement<HTMLTag.option, Content>
/// `<textarea>…</textarea>`.
public typealias textarea<Content: HTML> = HTMLElement<HTMLTag.textarea, Content>
/// `<fieldset>…</fieldset>`.
public typealias fieldset<Content: HTML> = HTMLElement<HTMLTag.fieldset, Content>
/// `<legend>…</legend>`.
public typealias legend<Content: HTML> = HTMLElement<HTMLTag.legend, Content>
/// `<table>…</table>`.
public typealias table<Content: HTML> = HTMLElement<HTMLTag.table, Content>
/// `<thead>…</thead>`.
public typealias thead<Content: HTML> = HTMLElement<HTMLTag.thead, Content>
/// `<tbody>…</tbody>`.
public typealias tbody<Content: HTML> = HTMLElement<HTMLTag.tbody, Content>
/// `<tr>…</tr>`.
public typealias tr<Content: HTML> = HTMLElement<HTMLTag.tr, Content>
/// `<th>…</th>`.
public typealias th<Content: HTML> = HTMLElement<HTMLTag.th, Content>
/// `<td>…</td>`.
public typealias td<Content: HTML> = HTMLElement<HTMLTag.td, Content>
/// `<strong>…</strong>`.
public typealias strong<Content: HTML> = HTMLElement<HTMLTag.strong, Content>
/// `<em>…</em>`.
public typealias em<Content: HTML> = HTMLElement<HTMLTag.em, Content>
/// `<small>…</small>`.
public typealias small<Content: HTML> = HTMLElement<HTMLTag.small, Content>
/// `<code>…</code>`.
public typealias code<Content: HTML> = HTMLElement<HTMLTag.code, Content>
/// `<pre>…</pre>`.
public typealias pre<Content: HTML> = HTMLElement<HTMLTag.pre, Content>
/// `<time>…</time>`.
public typealias time<Content: HTML> = HTMLElement<HTMLTag.time, Content>
/// `<figure>…</figure>`.
public typealias figure<Content: HTML> = HTMLElement<HTMLTag.figure, Content>
/// `<figcaption>…</figcaption>`.
public typealias figcaption<Content: HTML> = HTMLElement<HTMLTag.figcaption, Content>
/// `<dl>…</dl>`.
public typealias dl<Content: HTML> = HTMLElement<HTMLTag.dl, Content>
/// `<dt>…</dt>`.
public typealias dt<Content: HTML> = HTMLElement<HTMLTag.dt, Content>
/// `<dd>…</dd>`.
public typealias dd<Content: HTML> = HTMLElement<HTMLTag.dd, Content>
/// `<details>…</details>`.
public typealias details<Content: HTML> = HTMLElement<HTMLTag.details, Content>
/// `<summary>…</summary>`.
public typealias summary<Content: HTML> = HTMLElement<HTMLTag.summary, Content>
/// `<output>…</output>`.
public typealias output<Content: HTML> = HTMLElement<HTMLTag.output, Content>
/// `<input>` (a void element).
public typealias input = HTMLVoidElement<HTMLTag.input>
/// `<img>` (a void element).
public typealias img = HTMLVoidElement<HTMLTag.img>
/// `<br>` (a void element).
public typealias br = HTMLVoidElement<HTMLTag.br>
/// `<hr>` (a void element).
public typealias hr = HTMLVoidElement<HTMLTag.hr>
/// `<meta>` (a void element).
public typealias meta = HTMLVoidElement<HTMLTag.meta>
/// `<link>` (a void element).
public typealias link = HTMLVoidElement<HTMLTag.link>
