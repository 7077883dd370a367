// PLACEHOLDER route module: to be built by its issue.
export function Component() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12">
      <title>Términos y condiciones</title>
      <h1 className="text-2xl font-bold">Términos y condiciones</h1>
    </main>
  );
}
