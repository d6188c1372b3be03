import { Center, Loader } from '@mantine/core';

/** A screen whose scripts are still loading: inside the shell, which stays in place around it. */
export function SectionLoading({ title }: { title: string }) {
  return (
    <Center mih={240} role="status" aria-label={`Loading ${title}`}>
      <Loader />
    </Center>
  );
}
