import { Layout } from '../components/Layout';

/** Shown when rendering fails: never a blank page, never a stack trace. */
export function ErrorPage() {
  return (
    <Layout title="Unexpected Application Error!">
      <p>Something went wrong on this page. Please go back to the start and try again.</p>
      <p>
        <a href="/enrollment">Start again</a>
      </p>
    </Layout>
  );
}
