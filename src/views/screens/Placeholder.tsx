export function Placeholder({ title, description }: { title: string; description: string }) {
  return (
    <section aria-labelledby="screen-title" className="screen">
      <h1 id="screen-title">{title}</h1>
      <p>{description}</p>
      <p className="muted">This screen is not built yet.</p>
    </section>
  );
}
