import { Link } from '../components/Link.tsx';

export function NotFound() {
  return (
    <section aria-labelledby="screen-title" className="screen">
      <h1 id="screen-title">Page not found</h1>
      <p>There is no page at this address.</p>
      <p>
        <Link to="/welcome">Go to the welcome page</Link>
      </p>
    </section>
  );
}
