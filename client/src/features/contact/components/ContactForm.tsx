import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { LuSend } from 'react-icons/lu';
import { CONTACT_CATEGORIES, type ContactCategory, type ContactMessage } from '../lib/contact-message';

interface Props {
  values: ContactMessage;
  submitting: boolean;
  onChange: <K extends keyof ContactMessage>(field: K, value: ContactMessage[K]) => void;
  onSubmit: () => void;
}

/** Name, email, subject, category and message. Required fields are checked on submit (toast). */
export function ContactForm({ values, submitting, onChange, onSubmit }: Props) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Stack asChild gap="5">
      <form onSubmit={handleSubmit} noValidate aria-label="Contact form">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Field.Root required>
            <Field.Label>
              Name <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="name"
              autoComplete="name"
              placeholder="Your name"
              value={values.name}
              onChange={(event) => onChange('name', event.target.value)}
            />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Email <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={values.email}
              onChange={(event) => onChange('email', event.target.value)}
            />
          </Field.Root>
        </SimpleGrid>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Field.Root>
            <Field.Label>Subject</Field.Label>
            <Input
              name="subject"
              placeholder="What is it about?"
              value={values.subject}
              onChange={(event) => onChange('subject', event.target.value)}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Category</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="category"
                value={values.category}
                onChange={(event) => onChange('category', event.target.value as ContactCategory)}
              >
                {CONTACT_CATEGORIES.map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>

        <Field.Root required>
          <Field.Label>
            Message <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            name="message"
            rows={6}
            placeholder="Tell us how we can help…"
            value={values.message}
            onChange={(event) => onChange('message', event.target.value)}
          />
        </Field.Root>

        <Button
          type="submit"
          size="lg"
          loading={submitting}
          loadingText="Sending..."
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        >
          <LuSend aria-hidden />
          Send Message
        </Button>
      </form>
    </Stack>
  );
}
